#!/usr/bin/env node
// A Sixty-Six bot in JavaScript (Node.js, no packages) that speaks the sixtysix
// bot protocol, version 2 (docs/PROTOCOL.md). Try it:
//
//   sixtysix tournament "cmd:node examples/node_bot/bot.js" random --matches 10
//
// It reads its whole view from each `go` line. It declares out at 66, announces a
// marriage when it can, wins the trick on the table cheaply when it is worth ten or
// more, and otherwise plays its lowest card, choosing among equals at random: it
// offers the option `seed`, so that a seeded match plays alike again.
"use strict";

const readline = require("readline");

const RANKS = "9JQKTA"; // low to high; the card points are 0 2 3 4 10 11
const POINTS = { "9": 0, J: 2, Q: 3, K: 4, T: 10, A: 11 };
const FIELDS = new Set(["budget", "legal", "seat", "dealer", "leader", "trump", "stock", "closed",
  "hand", "table", "shown", "points", "tricks", "marriages", "sizes", "score", "target"]);
let random = mulberry32(Date.now() >>> 0);

function send(line) {
  process.stdout.write(line + "\n");
}

// A small seeded generator of numbers in [0, 1): the host's seed (up to 2^64-1) folded to 32 bits.
function mulberry32(seed) {
  return function () {
    seed = (seed + 0x6d2b79f5) >>> 0;
    let t = seed;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function fields(words) {
  const view = {};
  let values = null;
  for (const word of words) {
    if (FIELDS.has(word)) view[word] = values = [];
    else if (values) values.push(word);
  }
  return view;
}

function beats(card, best, led, trump) {
  if (card[1] === best[1]) return RANKS.indexOf(card[0]) > RANKS.indexOf(best[0]);
  return card[1] === trump || (card[1] === led && best[1] !== led && best[1] !== trump);
}

function cheapest(cards, trump) {
  const cost = (c) => (c[1] === trump ? 100 : 0) + POINTS[c[0]];
  const low = Math.min(...cards.map(cost));
  const equals = cards.filter((c) => cost(c) === low);
  return equals[Math.floor(random() * equals.length)];
}

function choose(view) {
  const legal = view.legal;
  const seat = Number(view.seat[0]);
  const trump = view.trump[0];
  if (legal.includes("out") && Number(view.points[seat]) >= 66) return "out";
  const marriage = legal.find((t) => t[0] === "M");
  if (marriage) return marriage;
  const cards = legal.filter((t) => t.length === 2 && t[0] in POINTS);
  if (cards.length === 0) return legal.includes("draw") ? "draw" : legal.includes("pass") ? "pass" : legal[0];
  const table = view.table;
  if (table.length > 0) {
    let best = table[0];
    for (const card of table.slice(1)) if (beats(card, best, table[0][1], trump)) best = card;
    const winners = cards.filter((c) => beats(c, best, table[0][1], trump));
    const worth = table.reduce((sum, c) => sum + POINTS[c[0]], 0);
    if (winners.length > 0 && worth >= 10) return cheapest(winners, trump);
  }
  return cheapest(cards, trump);
}

const input = readline.createInterface({ input: process.stdin });
input.on("line", (line) => {
  const [command, ...args] = line.trim().split(/\s+/);
  if (command === "sixtysix") {
    send("id name node-example");
    send("id author the sixtysix authors");
    send("option seed whole 0 18446744073709551615");
    send("version 2");
    send("ready");
  } else if (command === "set" && args[0] === "seed") {
    random = mulberry32(Number(BigInt(args[1]) % 4294967296n));
  } else if (command === "isready") {
    send("readyok");
  } else if (command === "go") {
    send("play " + choose(fields(args)));
  } else if (command === "quit") {
    input.close();
  }
});
