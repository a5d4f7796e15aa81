// The names of a game's seats in the player's language: a person's own name, or a computer
// level's name from the catalog (the server names a level seat in English, "Easy bot", and
// a program bot by the name its operator gave it).

import { t } from "./i18n.js";

const LEVELS = {
  easy: () => t("Easy bot"),
  medium: () => t("Medium bot"),
  hard: () => t("Hard bot"),
  expert: () => t("Expert bot"),
};

/**
 * Each seat's name, `null` for a seat still open; the bots of a table of several other
 * seats told apart by their seats, as the server does.
 * @param {{players: Array<string|null>, bots?: Array<string|null>}} game
 */
export function seatNames(game) {
  const bots = game.bots || [];
  const several = game.players.length > 2;
  return game.players.map((name, seat) => {
    const level = bots[seat];
    if (!level || !Object.hasOwn(LEVELS, level)) {
      return name;
    }
    return several ? `${LEVELS[level]()} ${seat}` : LEVELS[level]();
  });
}

/** The seats of a game that persons play (the others are bots'). */
export function personSeats(game) {
  const bots = game.bots || [];
  return game.players.map((_, seat) => seat).filter((seat) => !bots[seat]);
}

/** A rating as shown: rounded, with "?" while provisional. */
export function ratingText(rating) {
  return rating.provisional ? `${rating.rating}?` : String(rating.rating);
}
