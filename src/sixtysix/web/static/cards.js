// Playing cards drawn as SVG: four suits, nine to ace, and a card back.
// A card token is rank then suit, as in the record notation: "Ah", "Tc", "9s".

import { t } from "./i18n.js";

const NS = "http://www.w3.org/2000/svg";
const RANKS = ["9", "J", "Q", "K", "T", "A"];
const SYMBOLS = { c: "♣", d: "♦", h: "♥", s: "♠" };

// Pip centres on the 100 x 140 card face, all upright so that small cards stay readable.
const SIDE_ROWS = [30, 56, 84, 110];
const PIPS = {
  9: [...SIDE_ROWS.flatMap((y) => [[30, y], [70, y]]), [50, 70]],
  T: [...SIDE_ROWS.flatMap((y) => [[30, y], [70, y]]), [50, 43], [50, 97]],
};

/** Create an SVG element with attributes and children. */
export function svg(tag, attrs = {}, children = []) {
  const node = document.createElementNS(NS, tag);
  for (const [key, value] of Object.entries(attrs)) {
    node.setAttribute(key, String(value));
  }
  for (const child of children) {
    node.append(child);
  }
  return node;
}

export function isRed(card) {
  return card[1] === "h" || card[1] === "d";
}

/** How a player reads a rank in the corner of a card. */
export function rankLabel(rank) {
  return rank === "T" ? "10" : rank;
}

export function suitSymbol(suit) {
  return SYMBOLS[suit];
}

function rankWords() {
  return { 9: t("nine"), J: t("jack"), Q: t("queen"), K: t("king"), T: t("ten"), A: t("ace") };
}

export function suitWords() {
  return { c: t("clubs"), d: t("diamonds"), h: t("hearts"), s: t("spades") };
}

/** A card in words: "ace of hearts". */
export function cardWords(card) {
  return t("{rank} of {suit}", { rank: rankWords()[card[0]], suit: suitWords()[card[1]] });
}

/** A card as short text with its suit symbol, "10♥", in a span coloured by suit. */
export function cardText(card) {
  const span = document.createElement("span");
  span.className = isRed(card) ? "cardtext red" : "cardtext black";
  span.textContent = rankLabel(card[0]) + SYMBOLS[card[1]];
  return span;
}

/** A suit symbol in a span coloured by suit. */
export function suitText(suit) {
  const span = document.createElement("span");
  span.className = suit === "h" || suit === "d" ? "cardtext red" : "cardtext black";
  span.textContent = SYMBOLS[suit];
  return span;
}

function pip(suit, x, y, size, flip) {
  const attrs = { href: `#suit-${suit}`, x: x - size / 2, y: y - size / 2, width: size, height: size };
  if (flip) {
    attrs.transform = `rotate(180 ${x} ${y})`;
  }
  return svg("use", attrs);
}

function corner(card) {
  const rank = rankLabel(card[0]);
  const label = svg("text", { x: 13, y: 27, "text-anchor": "middle", class: "index" });
  label.textContent = rank;
  if (rank.length > 1) {
    label.setAttribute("textLength", "22");
    label.setAttribute("lengthAdjust", "spacingAndGlyphs");
  }
  return svg("g", {}, [label, pip(card[1], 13, 40, 16, false)]);
}

function face(card) {
  const [rank, suit] = card;
  if (PIPS[rank]) {
    return PIPS[rank].map(([x, y]) => pip(suit, x, y, 19, false));
  }
  if (rank === "A") {
    return [pip(suit, 50, 70, 46, false)];
  }
  const letter = svg("text", { x: 50, y: 92, "text-anchor": "middle", class: "face-letter" });
  letter.textContent = rank;
  return [
    svg("rect", { x: 24, y: 20, width: 52, height: 100, rx: 5, class: "face-frame" }),
    pip(suit, 50, 44, 26, false),
    letter,
    pip(suit, 50, 106, 14, true),
  ];
}

/**
 * A face-up card.
 * @param {string} card a card token such as "Ah"
 * @param {string} [extra] more class names
 */
export function cardSvg(card, extra = "") {
  const node = svg("svg", {
    viewBox: "0 0 100 140",
    class: `card ${isRed(card) ? "red" : "black"} ${extra}`.trim(),
    role: "img",
    "aria-label": cardWords(card),
    "data-card": card,
  }, [
    svg("rect", { x: 1, y: 1, width: 98, height: 138, rx: 8, class: "card-face" }),
    corner(card),
    svg("g", { transform: "rotate(180 50 70)" }, [corner(card)]),
    ...face(card),
  ]);
  return node;
}

/** A face-down card. */
export function backSvg(extra = "") {
  return svg("svg", {
    viewBox: "0 0 100 140",
    class: `card back ${extra}`.trim(),
    role: "img",
    "aria-label": t("face-down card"),
  }, [
    svg("rect", { x: 1, y: 1, width: 98, height: 138, rx: 8, class: "card-face" }),
    svg("rect", { x: 8, y: 8, width: 84, height: 124, rx: 5, fill: "url(#back-pattern)" }),
    svg("rect", { x: 8, y: 8, width: 84, height: 124, rx: 5, class: "back-frame" }),
  ]);
}

const SUIT_ORDER = { c: 0, h: 1, s: 2, d: 3 };

/** A hand sorted for display: suits alternating in colour, trumps last, high cards first. */
export function sortHand(cards, trump) {
  const suitKey = (suit) => (suit === trump ? 9 : SUIT_ORDER[suit]);
  return [...cards].sort((a, b) =>
    suitKey(a[1]) - suitKey(b[1]) || RANKS.indexOf(b[0]) - RANKS.indexOf(a[0]));
}
