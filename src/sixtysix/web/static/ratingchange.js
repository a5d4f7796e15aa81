// What a rated match changed in its players' ratings, told at its end ("Ann 1617? (+117) ·
// Bob 1383? (−117)"): each person's rating after the match and its change, from the rating
// history of their profiles (docs/RATINGS.md). A profile that cannot be read (a deleted
// account) leaves its player out.

import { api } from "./api.js";
import { t } from "./i18n.js";
import { personSeats, ratingText } from "./names.js";
import { el } from "./ui.js";

/** A change with its sign: "+117", "−117", "±0". */
function signed(change) {
  if (change > 0) {
    return `+${change}`;
  }
  return change < 0 ? `−${-change}` : "±0";
}

/** One player's rating after the match, or null when their history lacks it. */
async function after(name, game) {
  const profile = await api.profile(name).catch(() => null);
  const points = profile ? profile.history[game.rules.trim()] || [] : [];
  const point = points.find((each) => each.game === game.id);
  if (!point) {
    return null;
  }
  const rating = profile.ratings.find((each) => each.kind === game.rules.trim());
  const shown = ratingText({ rating: point.rating, provisional: Boolean(rating && rating.provisional) });
  return t("{name} {rating} ({change})", { name, rating: shown, change: signed(point.change) });
}

/**
 * The line of a finished rated match's rating changes, filled once the profiles are read;
 * null for a match that is not rated or not over.
 * @param {Object} game the Game of the protocol
 */
export function ratingChanges(game) {
  if (!game.rated || game.status !== "over") {
    return null;
  }
  const line = el("p.rating-change", { "aria-live": "polite" });
  const people = personSeats(game).map((seat) => game.players[seat]).filter((name) => name !== null);
  Promise.all(people.map((name) => after(name, game))).then((parts) => {
    const known = parts.filter((part) => part !== null);
    if (known.length) {
      line.textContent = t("Ratings: {changes}", { changes: known.join(" · ") });
    }
  });
  return line;
}
