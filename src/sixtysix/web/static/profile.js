// A player's profile: ratings by kind of game, a chart of each rating's history, results
// against people and against each computer level, and the last matches with their replays.

import { api, recordUrl, ApiError } from "./api.js";
import { svg } from "./cards.js";
import { t } from "./i18n.js";
import { ratingCell } from "./leaderboard.js";
import { seatNames } from "./names.js";
import { errorText, levelName } from "./pages.js";
import { el } from "./ui.js";

const WIDTH = 320;
const HEIGHT = 120;
const PAD = 8;

/** A line chart of a rating's history: one point per rated match, drawn as SVG. */
export function historyChart(points, label) {
  const values = points.map((point) => point.rating);
  const low = Math.min(...values) - 20;
  const high = Math.max(...values) + 20;
  const x = (index) => PAD + (points.length === 1 ? (WIDTH - 2 * PAD) / 2 : (index * (WIDTH - 2 * PAD)) / (points.length - 1));
  const y = (value) => HEIGHT - PAD - ((value - low) * (HEIGHT - 2 * PAD)) / (high - low);
  const coordinates = points.map((point, index) => `${x(index).toFixed(1)},${y(point.rating).toFixed(1)}`);
  return svg("svg", {
    class: "rating-chart", viewBox: `0 0 ${WIDTH} ${HEIGHT}`, role: "img", "aria-label": label,
  }, [
    svg("text", { x: PAD, y: PAD + 8, class: "chart-label" }, [String(Math.round(high))]),
    svg("text", { x: PAD, y: HEIGHT - PAD, class: "chart-label" }, [String(Math.round(low))]),
    svg("polyline", { points: coordinates.join(" "), class: "chart-line" }),
    ...points.map((point, index) => svg("circle", {
      cx: x(index).toFixed(1), cy: y(point.rating).toFixed(1), r: 3, class: "chart-point",
    }, [svg("title", {}, [t("{rating} after the match of {date}", { rating: String(point.rating), date: point.at.slice(0, 10) })])])),
  ]);
}

function record(result) {
  return t("{wins} won, {losses} lost", { wins: result.wins, losses: result.losses });
}

function resultText(game, seat) {
  return game.winner === seat ? t("won") : t("lost");
}

function recentList(profile) {
  if (!profile.recent.length) {
    return el("p.empty", { text: t("No matches yet.") });
  }
  return el("ul.games.recent", {}, profile.recent.map((game, index) => el("li", {}, [
    el("span", { text: seatNames(game).map((name) => name || "?").join(" – ") }),
    el("span.game-meta", {
      text: `${game.rules} · ${game.score.join(":")} · ${resultText(game, profile.seats[index])}${game.rated ? ` · ${t("rated")}` : ""}`,
    }),
    el("span.links", {}, [
      el("a", { href: `#/replay/${encodeURIComponent(game.id)}`, text: t("Replay") }), " ",
      el("a", { href: recordUrl(game.id), download: `sixtysix-${game.id}.txt`, text: t("Download the record") }),
    ]),
  ])));
}

function resultsTable(profile) {
  const rows = [];
  for (const [kind, result] of Object.entries(profile.people)) {
    rows.push(el("tr", {}, [el("td", { text: kind }), el("td", { text: t("People") }), el("td", { text: record(result) })]));
  }
  for (const [kind, levels] of Object.entries(profile.levels)) {
    for (const [level, result] of Object.entries(levels)) {
      rows.push(el("tr", {}, [el("td", { text: kind }), el("td", { text: levelName(level) }), el("td", { text: record(result) })]));
    }
  }
  if (!rows.length) {
    return el("p.empty", { text: t("No matches yet.") });
  }
  return el("table.results", {}, [
    el("thead", {}, [el("tr", {}, [el("th", { text: t("Game") }), el("th", { text: t("Against") }), el("th", { text: t("Results") })])]),
    el("tbody", {}, rows),
  ]);
}

export async function profilePage(root, name) {
  let profile;
  try {
    profile = await api.profile(name);
  } catch (error) {
    const text = error instanceof ApiError && error.code === "no_player" ? t("No player has this name.") : errorText(error);
    root.replaceChildren(el("div.page", {}, [el("p.note", { text }), el("a.button", { href: "#/", text: t("Home") })]));
    return;
  }
  const ratings = profile.ratings.length
    ? el("table.ratings", {}, [
      el("thead", {}, [el("tr", {}, [el("th", { text: t("Game") }), el("th", { text: t("Rating") }), el("th", { text: t("Rated matches") })])]),
      el("tbody", {}, profile.ratings.map((rating) => el("tr", {}, [
        el("td", {}, [el("a", { href: `#/leaderboard/${rating.kind}`, text: rating.kind })]),
        ratingCell(rating),
        el("td", { text: String(rating.games) }),
      ]))),
    ])
    : el("p.empty", { text: t("No rated matches yet.") });
  const charts = Object.entries(profile.history).map(([kind, points]) => el("figure.history", {}, [
    historyChart(points, t("Rating history: {kind}", { kind })),
    el("figcaption", { text: t("Rating history: {kind}", { kind }) }),
  ]));
  root.replaceChildren(el("div.page.profile", {}, [
    el("h1", { text: profile.name }),
    el("section.card-panel", {}, [el("h2", { text: t("Ratings") }), ratings, ...charts]),
    el("section.card-panel", {}, [el("h2", { text: t("Results") }), resultsTable(profile)]),
    el("section.card-panel", {}, [el("h2", { text: t("Recent matches") }), recentList(profile)]),
  ]));
}
