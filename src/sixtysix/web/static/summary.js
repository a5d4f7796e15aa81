// The summary of a round: who scored and why, then a table of each seat's points, tricks,
// game points (where the outcome gives each seat's) and match score.

import { explanationText } from "./explain.js";
import { t, tn } from "./i18n.js";
import { el } from "./ui.js";

/** Who scored the round, in words, for the player in seat ``you``. */
function headline(outcome, names, you) {
  if (outcome.replay) {
    return t("Nobody scores: the same dealer deals again.");
  }
  if ((outcome.winner === null || outcome.winner === undefined) && outcome.declarer !== null && outcome.declarer !== undefined) {
    return outcome.declarer === you
      ? tn("You declared out too early: the others score {n} game point each.",
        "You declared out too early: the others score {n} game points each.", outcome.game_points)
      : tn("{name} declared out too early: the others score {n} game point each.",
        "{name} declared out too early: the others score {n} game points each.", outcome.game_points,
        { name: names[outcome.declarer] });
  }
  if (outcome.winner === null || outcome.winner === undefined || outcome.game_points === 0) {
    return t("Nobody scores this round.");
  }
  if (outcome.winner === you) {
    return tn("You win the round: {n} game point.", "You win the round: {n} game points.", outcome.game_points);
  }
  return tn("{name} wins the round: {n} game point.", "{name} wins the round: {n} game points.",
    outcome.game_points, { name: names[outcome.winner] });
}

/** How many tricks each seat took: given as counts, or counted from the tricks themselves. */
function trickCounts(tricks, seats) {
  const entries = tricks || [];
  if (entries.length === seats.length && entries.every((entry) => typeof entry === "number")) {
    return entries;
  }
  return seats.map((seat) => entries.filter((trick) => trick.winner === seat).length);
}

/**
 * What the round's summary says: who scored and why, points, tricks and the match score.
 * @param {number} round the round's number
 * @param {Object} outcome the round's outcome
 * @param {Array<number>|null} points each seat's points
 * @param {Array} tricks each seat's trick count, or the round's tricks
 * @param {Object} view a view with the match score after the round
 * @param {Array<string>} names each seat's name
 * @param {number|null} you the player's seat
 */
export function summaryBody(round, outcome, points, tricks, view, names, you) {
  const seats = names.map((_, seat) => seat);
  const counts = trickCounts(tricks, seats);
  const row = (label, values) => el("tr", {}, [el("th", { text: label }), ...values.map((value) => el("td", { text: value }))]);
  return el("div.summary", {}, [
    el("h2", { text: t("Round {n}", { n: round }) }),
    el("p.headline", { text: headline(outcome, names, you) }),
    el("p.explanation", { text: explanationText(outcome.explanation, names) }),
    el("table.summary-table", {}, [
      el("tr", {}, [el("th"), ...seats.map((seat) => el("th", { text: names[seat] }))]),
      points && row(t("Points"), seats.map((seat) => points[seat])),
      row(t("Tricks"), seats.map((seat) => counts[seat])),
      outcome.scores ? row(t("Game points"), seats.map((seat) => `+${outcome.scores[seat]}`)) : null,
      row(t("Match score"), seats.map((seat) => view.score[seat])),
    ]),
  ]);
}
