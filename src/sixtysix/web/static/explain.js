// Why a round scored what it did, in the player's words: the server sends an outcome's
// explanation as clauses, each a code with parameters (docs/WEB-PROTOCOL.md), never as a
// sentence to show. The first clause says how the round ended, the others what it scores.

import { t, tn } from "./i18n.js";

/** Each code's words; `p` holds the clause's numbers and `name(seat)` a player's name. */
const CLAUSES = {
  out: (p, name) => t("{player} declared out with {points} points", { player: name(p.seat), points: p.points }),
  closed_won: (p, name) => t("{player} closed the stock and reached 66 first", { player: name(p.seat) }),
  last_trick: () => t("All tricks played, the last worth 10"),
  false_out: (p, name) => tn("{player} declared out with only {points} points, a false declaration: {winner} scores {n} game point",
    "{player} declared out with only {points} points, a false declaration: {winner} scores {n} game points",
    p.game_points, { player: name(p.seat), points: p.points, winner: name(p.winner) }),
  false_out_no_trick: (p, name) => tn("{player} declared out with only {points} points, a false declaration: {winner} scores {n} game point, having taken no trick",
    "{player} declared out with only {points} points, a false declaration: {winner} scores {n} game points, having taken no trick",
    p.game_points, { player: name(p.seat), points: p.points, winner: name(p.winner) }),
  failed_close: (p, name) => tn("{player} closed the stock but {first} reached 66 first: {winner} scores {n} game point",
    "{player} closed the stock but {first} reached 66 first: {winner} scores {n} game points",
    p.game_points, { player: name(p.seat), first: name(p.first), winner: name(p.winner) }),
  failed_close_no_trick: (p, name) => tn("{player} closed the stock but {first} reached 66 first: {winner} scores {n} game point, having had no trick when the stock was closed",
    "{player} closed the stock but {first} reached 66 first: {winner} scores {n} game points, having had no trick when the stock was closed",
    p.game_points, { player: name(p.seat), first: name(p.first), winner: name(p.winner) }),
  failed_close_three: (p, name) => tn("{player} closed the stock but {first} reached 66 first: {winner} scores {n} game point (failed_close_points=three)",
    "{player} closed the stock but {first} reached 66 first: {winner} scores {n} game points (failed_close_points=three)",
    p.game_points, { player: name(p.seat), first: name(p.first), winner: name(p.winner) }),
  failed_close_nobody: (p, name) => tn("{player} closed the stock but nobody reached 66 first: {winner} scores {n} game point",
    "{player} closed the stock but nobody reached 66 first: {winner} scores {n} game points",
    p.game_points, { player: name(p.seat), winner: name(p.winner) }),
  failed_close_nobody_no_trick: (p, name) => tn("{player} closed the stock but nobody reached 66 first: {winner} scores {n} game point, having had no trick when the stock was closed",
    "{player} closed the stock but nobody reached 66 first: {winner} scores {n} game points, having had no trick when the stock was closed",
    p.game_points, { player: name(p.seat), winner: name(p.winner) }),
  failed_close_nobody_three: (p, name) => tn("{player} closed the stock but nobody reached 66 first: {winner} scores {n} game point (failed_close_points=three)",
    "{player} closed the stock but nobody reached 66 first: {winner} scores {n} game points (failed_close_points=three)",
    p.game_points, { player: name(p.seat), winner: name(p.winner) }),
  tie_most_tricks: (p, name) => t("Both have {points} points; {player} took more tricks ({tricks} to {other_tricks}): 1 game point (tie=most_tricks)",
    { points: p.points, player: name(p.seat), tricks: p.tricks, other_tricks: p.other_tricks }),
  tie_replay: (p) => t("Both have {points} points: a tie; nobody scores and the same dealer deals again",
    { points: p.points }),
  tie_carry: (p) => t("Both have {points} points: a tie; nobody scores and the next scoring round gets 1 more game point",
    { points: p.points }),
  false_out_each: (p, name) => tn("{player} declared out with only {points} points, a false declaration: {other} and {third} score {n} game point each",
    "{player} declared out with only {points} points, a false declaration: {other} and {third} score {n} game points each",
    p.game_points, { player: name(p.seat), points: p.points, other: name(p.other), third: name(p.third) }),
  more_points: (p, name) => t("{player} has more points ({points} to {other_points})",
    { player: name(p.seat), points: p.points, other_points: p.other_points }),
  most_points: (p, name) => t("{player} has the most points, {points}, 66 or more",
    { player: name(p.seat), points: p.points }),
  tie_shared: (p, name) => t("{player} and {other} share the most points, {points}: nobody scores and the same dealer deals again",
    { player: name(p.seat), other: name(p.other), points: p.points }),
  tie_shared_all: (p, name) => t("{a}, {b} and {c} share the most points, {points}: nobody scores and the same dealer deals again",
    { a: name(0), b: name(1), c: name(2), points: p.points }),
  tie_under_66: (p, name) => t("{player} has the most points, {points}, under 66: nobody scores and the same dealer deals again",
    { player: name(p.seat), points: p.points }),
  scale_33: (p, name) => t("{player} has {points} points, 33 or more: 1 game point",
    { player: name(p.seat), points: p.points }),
  scale_under_33: (p, name) => t("{player} has {points} points, under 33: 2 game points",
    { player: name(p.seat), points: p.points }),
  scale_no_trick: (p, name) => t("{player} took no trick: 3 game points", { player: name(p.seat) }),
  scale_33_at_close: (p, name) => t("{player} has {points} points, 33 or more: 1 game point at the close",
    { player: name(p.seat), points: p.points }),
  scale_under_33_at_close: (p, name) => t("{player} has {points} points, under 33: 2 game points at the close",
    { player: name(p.seat), points: p.points }),
  scale_no_trick_at_close: (p, name) => t("{player} took no trick: 3 game points at the close", { player: name(p.seat) }),
  in_all: (p) => tn("{n} game point in all", "{n} game points in all", p.game_points),
};

/**
 * An outcome's explanation in words, with the players' names for the seats.
 * @param {Array<{code: string}>|undefined} clauses the outcome's `explanation`
 * @param {string[]} names each seat's name
 */
export function explanationText(clauses, names) {
  const name = (seat) => names[seat];
  const words = (clauses || []).map((clause) => CLAUSES[clause.code](clause, name));
  if (!words.length) {
    return "";
  }
  // The clauses are joined, and the sentence ended, with the language's own punctuation.
  const joined = words.reduce((first, next) => t("{first}; {next}", { first, next }));
  return t("{explanation}.", { explanation: joined });
}
