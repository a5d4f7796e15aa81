// What lies on the felt, read from a view: the stock (in a round played with one), the
// cards on the table and those of each finished trick, each with the seat that played it.

import { backSvg, cardSvg } from "./cards.js";
import { t } from "./i18n.js";
import { el } from "./ui.js";

/** Whether the round is played with a stock: its view says how many cards are left in it. */
export function hasStock(view) {
  return view.stock_size !== undefined;
}

/** The cards of the trick in play, in the order played, with the seat that played each:
 * the view's table, or its lead card, played by the leader. */
export function tableCards(view) {
  if (view.table) {
    return view.table;
  }
  return view.lead_card ? [{ seat: view.leader, card: view.lead_card }] : [];
}

/** The cards of a finished trick with the seat that played each, in the order played: the
 * leader's first, then each seat to its left, of ``seats``. */
export function trickCards(trick, seats) {
  const cards = trick.cards || [trick.lead, trick.follow];
  return cards.map((card, index) => ({ seat: (trick.leader + index) % seats, card }));
}

/** The stock: a pile of face-down cards with the trump card across under it (face down once closed). */
export function stockElement(view) {
  const stock = el("div.stock", { title: t("The stock, with the trump card under it") });
  const size = view.stock_size;
  const faceDown = Math.max(0, size - (view.trump_card ? 1 : 0));
  if (view.trump_card) {
    const trump = view.closed ? backSvg("trumpcard") : cardSvg(view.trump_card, "trumpcard");
    stock.append(trump);
  }
  if (faceDown > 0) {
    stock.append(el("div.stockpile", {}, [backSvg("under"), backSvg()]));
  }
  stock.append(el("span.stock-count", {
    text: view.closed ? t("closed") : size ? t("stock {n}", { n: size }) : t("stock empty"),
  }));
  return stock;
}
