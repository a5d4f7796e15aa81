// The actions that are not cards: their words on the buttons and their keyboard keys.

import { cardText, suitSymbol } from "./cards.js";
import { t } from "./i18n.js";

/** An action that plays a card: "Qh". */
export const CARD_ACTION = /^[9JQKTA][cdhs]$/;

/** The words on the button of an action that is not a card. */
export function actionLabel(action, view) {
  if (/^M[cdhs]$/.test(action)) {
    const suit = action[1];
    return t("Marriage {suit} ({points})", { suit: suitSymbol(suit), points: suit === view.trump ? 40 : 20 });
  }
  switch (action) {
    case "exchange":
      return view.trump_card
        ? t("Exchange 9{suit} for {card}", { suit: suitSymbol(view.trump), card: cardText(view.trump_card).textContent })
        : t("Exchange the trump nine");
    case "close":
      return t("Close the stock");
    case "close-before-draw":
      return t("Close before drawing");
    case "out":
      return t("Declare out (66)");
    case "draw":
      return view.stock_size > 0 && !view.closed ? t("Draw") : t("Go on");
    case "pass":
      return t("Don't exchange");
    default:
      return action;
  }
}

/** The keyboard key of an action button. */
export function actionKey(action) {
  if (action[0] === "M") {
    return "m";
  }
  return { exchange: "x", close: "c", "close-before-draw": "c", out: "o", draw: "␣", pass: "␣" }[action] || "";
}
