// The leaderboards: the best accounts of each kind of game, and the computer levels'
// strengths on the same scale (docs/RATINGS.md).

import { api } from "./api.js";
import { t } from "./i18n.js";
import { ratingText } from "./names.js";
import { levelName } from "./pages.js";
import { el } from "./ui.js";

/** The kinds of rated game: the presets. */
export const KINDS = ["classic", "pagat", "santase", "turkish", "three-hand"];

/** A rating's cell, its "?" explained. */
export function ratingCell(rating) {
  return el("td.rating", {
    text: ratingText(rating),
    title: rating.provisional ? t("Provisional: too few rated matches to be sure yet") : null,
  });
}

/** A link to an account's profile, its name as text. */
export function profileLink(name) {
  return el("a.player-link", { href: `#/player/${encodeURIComponent(name)}`, text: name });
}

/** Each level's strength in a kind of game: "Easy ~1146, Medium ~1500, …". */
export function strengthText(levels) {
  return Object.entries(levels)
    .sort(([, a], [, b]) => a - b)
    .map(([level, value]) => t("{level} ~{rating}", { level: levelName(level), rating: String(value) }))
    .join(", ");
}

export async function leaderboardPage(root, kind, navigate) {
  const chosen = KINDS.includes(kind) ? kind : "classic";
  const [board, strengths] = await Promise.all([api.leaderboard(chosen), api.strengths()]);
  const select = el("select", {
    name: "kind", "aria-label": t("Kind of game"),
    on: { change: () => navigate(`#/leaderboard/${select.value}`) },
  }, KINDS.map((name) => el("option", { value: name, text: name, selected: name === chosen })));
  const rows = board.players.map((line, index) => el("tr", { class: line.provisional ? "provisional" : null }, [
    el("td", { text: String(index + 1) }),
    el("td", {}, [profileLink(line.name)]),
    ratingCell(line),
    el("td", { text: String(line.games) }),
  ]));
  const levels = strengths.kinds[chosen] || {};
  root.replaceChildren(el("div.page.leaderboard", {}, [
    el("h1", { text: t("Leaderboard") }),
    el("div.row", {}, [el("label", { text: t("Kind of game") }), select]),
    rows.length
      ? el("table.ranking", {}, [
        el("thead", {}, [el("tr", {}, [
          el("th", { text: "#" }), el("th", { text: t("Player") }), el("th", { text: t("Rating") }),
          el("th", { text: t("Rated matches") }),
        ])]),
        el("tbody", {}, rows),
      ])
      : el("p.empty", { text: t("No rated matches of this kind yet.") }),
    el("p.legend", { text: t("A rating with “?” is provisional; provisional ratings are listed after the others.") }),
    Object.keys(levels).length
      ? el("p.level-strengths", { text: t("Computer levels: {levels}", { levels: strengthText(levels) }) })
      : null,
  ]));
}
