#!/usr/bin/env node
// A Sixty-Six bot in JavaScript (Node.js, no packages) that speaks the sixtysix
// bot protocol (docs/PROTOCOL.md). Try it:
//
//   sixtysix tournament "cmd:node examples/node_bot/bot.js" random --matches 10
//
// It announces a marriage when it can, wins the trick on the table cheaply when
// it can, and otherwise plays its lowest card.
"use strict";

const readline = require("readline");

const RANKS = "9JQKTA"; // low to high; the card points are 0 2 3 4 10 11
const POINTS = { "9": 0, J: 2, Q: 3, K: 4, T: 10, A: 11 };
let trumpSuit = "";
let lead = null; // the card on the table that we answer, if any
let onTable = false; // whether a trick has been led and not yet answered
let seat = 0;

function send(line) {
  process.stdout.write(line + "\n");
}

function beats(card, led) {
  if (card[1] === led[1]) return RANKS.indexOf(card[0]) > RANKS.indexOf(led[0]);
  return card[1] === trumpSuit;
}

function choose(legal) {
  const marriage = legal.find((t) => t[0] === "M");
  if (marriage) return marriage;
  const cards = legal.filter((t) => t.length === 2);
  if (cards.length === 0) return legal.includes("draw") ? "draw" : legal[0];
  const cheap = (a, b) => POINTS[a[0]] - POINTS[b[0]] || (a[1] === trumpSuit) - (b[1] === trumpSuit);
  if (lead) {
    const winners = cards.filter((c) => beats(c, lead)).sort(cheap);
    if (winners.length > 0 && POINTS[lead[0]] >= 10) return winners[0];
  }
  return cards.sort(cheap)[0];
}

const input = readline.createInterface({ input: process.stdin });
input.on("line", (line) => {
  const words = line.trim().split(/\s+/);
  const [command, ...args] = words;
  if (command === "sixtysix") {
    send("id name node-example");
    send("id author the sixtysix authors");
    send("ready");
  } else if (command === "match") {
    seat = Number(args[1]);
  } else if (command === "round") {
    lead = null;
    onTable = false;
    trumpSuit = "";
  } else if (command === "trump" && args[0] !== "-" && trumpSuit === "") {
    trumpSuit = args[0][1]; // the first trump card of the round names the trump suit
  } else if (command === "action") {
    const [who, token] = args;
    if (token.length === 2 && token[0] !== "M") {
      // a card led opens a trick, the answer closes it
      lead = !onTable && Number(who) !== seat ? token : null;
      onTable = !onTable;
    }
  } else if (command === "go") {
    send("play " + choose(args.slice(1)));
  } else if (command === "quit") {
    input.close();
  }
});
