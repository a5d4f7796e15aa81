// Why a card may not be played, in the player's words: the server sends each refusal as
// a code with parameters (docs/WEB-PROTOCOL.md), never as a sentence to show.

import { cardWords, suitWords } from "./cards.js";
import { t, tn } from "./i18n.js";

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

/** The rules page's section each refusal comes from (`#/rules/<section>`). */
const SECTIONS = {
  follow_suit: "strict-play", head_trick: "strict-play", trump_void: "strict-play", follow_beat: "strict-play",
  trump_beat: "strict-play", lead_married: "your-lead", marriage_not_held: "your-lead", marriage_stock: "your-lead",
  marriage_first_lead: "your-lead", exchange_closed: "your-lead", exchange_no_nine: "your-lead",
  exchange_stock: "your-lead", exchange_trick: "your-lead", already_closed: "your-lead", close_stock: "your-lead",
  close_first_lead: "your-lead", close_before_draw_not_now: "your-lead", out_not_now: "declaring-out",
  out_auto: "declaring-out", claim_flag: "declaring-out", draw_phase: "drawing", no_stock: "three-hand",
};

/** The rules page's section that a refusal comes from, or null. */
export function refusalSection(refusal) {
  return SECTIONS[refusal.code] || null;
}

/** The words of each code that takes no suit of strict play: the terminal's too (tui/explaining.py). */
const SENTENCES = {
  round_over: () => t("The round is over."),
  claim_flag: () => t("These rules do not let a player declare out."),
  draw_phase: () => t("You won the trick: draw from the stock first (or close it)."),
  respond_phase: () => t("Your opponent closed the stock: first say whether you exchange your trump nine."),
  marriage_phase: () => t("You announced a marriage: lead its king or queen, or declare out."),
  follow_phase: () => t("Play a card to the trick."),
  no_stock: () => t("The three-hand game has no stock."),
  not_in_hand: () => t("That card is not in your hand."),
  lead_married: (r) => t("You announced a marriage: lead its king or queen of {suit}.", { suit: suitWords()[r.suit] }),
  marriage_not_held: (r) => t("You do not hold the king and queen of {suit}.", { suit: suitWords()[r.suit] }),
  marriage_stock: () => t("A marriage may be announced only while the stock is open and not empty."),
  marriage_first_lead: () => t("These rules allow no marriage on the first lead of a round."),
  exchange_closed: () => t("The trump nine cannot be exchanged once the stock is closed."),
  exchange_no_nine: () => t("You do not hold the nine of trumps."),
  exchange_stock: (r) => tn("The trump nine may be exchanged only while the stock holds at least {n} card.",
    "The trump nine may be exchanged only while the stock holds at least {n} cards.", r.min_stock),
  exchange_trick: () => t("You may exchange the trump nine only once you have won a trick."),
  already_closed: () => t("The stock is already closed."),
  close_stock: (r) => tn("The stock may be closed only while it holds at least {n} card.",
    "The stock may be closed only while it holds at least {n} cards.", r.min_stock),
  close_first_lead: () => t("These rules allow no closing on the first lead of a round."),
  out_auto: () => t("Under these rules the game declares out for you."),
  out_not_now: () => t("You may declare out only after winning a trick, or right after announcing a marriage."),
  close_before_draw_not_now: () => t("You may close before drawing only right after winning a trick."),
  other_moment: () => t("That is for another moment of the round."),
};

/**
 * A refusal in words: the server's code and parameters (docs/WEB-PROTOCOL.md) as a sentence
 * of the player's language.
 * @param {{code: string, suit?: string, card?: string, min_stock?: number}} refusal
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
    default:
      return code in SENTENCES ? SENTENCES[code](refusal) : t("You cannot play that card now.");
  }
}
