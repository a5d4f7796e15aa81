// Why a card may not be played, in the player's words: the server sends each refusal as
// a code with parameters (docs/WEB-PROTOCOL.md), never as a sentence to show.

import { cardWords, suitWords } from "./cards.js";
import { t } from "./i18n.js";

/** One sentence per suit, so that each language can say it in its own grammar. */
const FOLLOW = {
  c: () => t("You must follow suit with a club."),
  d: () => t("You must follow suit with a diamond."),
  h: () => t("You must follow suit with a heart."),
  s: () => t("You must follow suit with a spade."),
};
const HEAD = {
  c: () => t("You must follow suit with a higher club."),
  d: () => t("You must follow suit with a higher diamond."),
  h: () => t("You must follow suit with a higher heart."),
  s: () => t("You must follow suit with a higher spade."),
};
const TRUMP = {
  c: () => t("You have no clubs, so you must play a trump."),
  d: () => t("You have no diamonds, so you must play a trump."),
  h: () => t("You have no hearts, so you must play a trump."),
  s: () => t("You have no spades, so you must play a trump."),
};
const FOLLOW_BEAT = {
  c: (card) => t("You must follow suit with a club that beats the {card}.", { card }),
  d: (card) => t("You must follow suit with a diamond that beats the {card}.", { card }),
  h: (card) => t("You must follow suit with a heart that beats the {card}.", { card }),
  s: (card) => t("You must follow suit with a spade that beats the {card}.", { card }),
};
const TRUMP_BEAT = {
  c: (card) => t("You have no clubs, so you must play a trump that beats the {card}.", { card }),
  d: (card) => t("You have no diamonds, so you must play a trump that beats the {card}.", { card }),
  h: (card) => t("You have no hearts, so you must play a trump that beats the {card}.", { card }),
  s: (card) => t("You have no spades, so you must play a trump that beats the {card}.", { card }),
};

/** The rules page's section that a refusal comes from. */
export function refusalSection(refusal) {
  return ["follow_suit", "head_trick", "trump_void", "follow_beat", "trump_beat"].includes(refusal.code)
    ? "strict-play" : null;
}

/**
 * A refusal in words.
 * @param {{code: string, suit?: string, card?: string}} refusal
 */
export function refusalText(refusal) {
  const { code, suit, card } = refusal;
  switch (code) {
    case "follow_suit":
      return FOLLOW[suit]();
    case "head_trick":
      return HEAD[suit]();
    case "trump_void":
      return TRUMP[suit]();
    case "follow_beat":
      return FOLLOW_BEAT[suit](cardWords(card));
    case "trump_beat":
      return TRUMP_BEAT[suit](cardWords(card));
    case "lead_married":
      return t("You announced a marriage: lead its king or queen of {suit}.", { suit: suitWords()[suit] });
    case "draw_phase":
      return t("You won the trick: draw from the stock first (or close it).");
    case "respond_phase":
      return t("Your opponent closed the stock: first say whether you exchange your trump nine.");
    case "round_over":
      return t("The round is over.");
    case "not_in_hand":
      return t("That card is not in your hand.");
    default:
      return t("You cannot play that card now.");
  }
}
