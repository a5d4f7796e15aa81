// The three-hand table (RULES.md section 11): you at the bottom, the player to your left
// and the one to your right above, the trick in the middle with who played each card.
// The connection, the queue of states and the hand come from the two-hand TableView.

import { cardSvg, cardText, cardWords, suitText, suitWords } from "./cards.js";
import { explanationText } from "./explain.js";
import { t, tn } from "./i18n.js";
import { TableView, matchTarget } from "./table.js";
import { el, paceMs, settings, sleep } from "./ui.js";

/** The cards of a finished trick with the seat that played each, in the order played. */
export function trickCards(trick) {
  return trick.cards.map((card, index) => ({ seat: (trick.leader + index) % 3, card }));
}

export class ThreeTableView extends TableView {
  get left() {
    return (this.bottom + 1) % 3;
  }

  get right() {
    return (this.bottom + 2) % 3;
  }

  /** Where a seat sits on the screen: "bottom", "left" or "right". */
  side(seat) {
    return seat === this.bottom ? "bottom" : seat === this.left ? "left" : "right";
  }

  async animate(previous, next, sameRound, other) {
    if (sameRound && next.tricks.length > previous.tricks.length) {
      const trick = next.tricks[next.tricks.length - 1];
      this.render(next, { trick, fly: trick.cards[trick.cards.length - 1] });
      await sleep(paceMs("anim") + paceMs("move") * (other ? 1.5 : 1));
      this.sweep(trick.winner);
      await sleep(paceMs("anim"));
      this.render(next);
    } else if (sameRound && next.table.length > previous.table.length) {
      this.render(next, { fly: next.table[next.table.length - 1].card });
      await sleep(paceMs("anim") + (other ? paceMs("move") : 0));
    } else {
      this.render(next);
      if (other && previous) {
        await sleep(paceMs("move"));
      }
    }
  }

  sweep(winner) {
    for (const card of this.root.querySelectorAll(".trick3 .card")) {
      card.classList.add(`sweep-to-${this.side(winner)}`);
    }
  }

  summaryBody(round, outcome, points, tricks, view) {
    const names = this.game.players.map((name) => name || "?");
    const you = this.seat;
    let headline;
    if (outcome.replay) {
      headline = t("Nobody scores: the same dealer deals again.");
    } else if (outcome.winner === null || outcome.winner === undefined) {
      headline = outcome.declarer === you
        ? tn("You declared out too early: the others score {n} game point each.",
          "You declared out too early: the others score {n} game points each.", outcome.game_points)
        : tn("{name} declared out too early: the others score {n} game point each.",
          "{name} declared out too early: the others score {n} game points each.", outcome.game_points,
          { name: names[outcome.declarer] });
    } else if (outcome.winner === you) {
      headline = tn("You win the round: {n} game point.", "You win the round: {n} game points.", outcome.game_points);
    } else {
      headline = tn("{name} wins the round: {n} game point.", "{name} wins the round: {n} game points.",
        outcome.game_points, { name: names[outcome.winner] });
    }
    const seats = [0, 1, 2];
    const row = (label, values) => el("tr", {}, [el("th", { text: label }), ...values.map((value) => el("td", { text: value }))]);
    return el("div.summary", {}, [
      el("h2", { text: t("Round {n}", { n: round }) }),
      el("p.headline", { text: headline }),
      el("p.explanation", { text: explanationText(outcome.explanation, names) }),
      el("table.summary-table", {}, [
        el("tr", {}, [el("th"), ...seats.map((seat) => el("th", { text: names[seat] }))]),
        row(t("Points"), seats.map((seat) => points[seat])),
        row(t("Tricks"), seats.map((seat) => tricks[seat])),
        row(t("Game points"), seats.map((seat) => `+${outcome.scores[seat]}`)),
        row(t("Match score"), seats.map((seat) => view.score[seat])),
      ]),
    ]);
  }

  /** The match score as the table shows it: before the round's points until its summary. */
  shownScore(view) {
    if (!view || this.revealed(view)) {
      return view ? view.score : this.game.score;
    }
    return view.score.map((score, seat) => score - view.outcome.scores[seat]);
  }

  // Drawing ------------------------------------------------------------------------------

  render(view, motion = {}) {
    if (this.stopped) {
      return;
    }
    const names = this.names();
    const memory = settings.get("memory");
    const spectator = this.seat === null || this.seat === undefined;
    const myTurn = this.myTurn(view);
    const table = el("section.table.three", {
      "data-phase": view ? view.phase : "waiting",
      "data-busy": String(this.busy),
      "data-turn": this.turnOf(view),
      "data-seat": spectator ? "spectator" : String(this.seat),
      "data-connected": String(this.connected !== false),
      "aria-label": t("The table"),
      class: memory ? "memory" : "",
    });
    table.append(el("p.connection", { role: "alert", hidden: this.connected !== false, text: t("Connection lost. Reconnecting…") }));
    table.append(this.scoreBar(view, names));
    if (!view) {
      table.append(this.waiting());
      this.root.replaceChildren(table);
      return;
    }
    const parts = [
      el("div.opponents", {}, [this.opponent(view, this.left, names), this.opponent(view, this.right, names)]),
      this.felt(view, motion, names),
      this.mine(view, names),
      this.actionBar(view, myTurn && !this.busy),
      this.messageLine(view),
      this.hintBox(view),
      memory ? null : this.pastTricks(view, names),
    ];
    table.append(...parts.filter(Boolean));
    this.root.replaceChildren(table);
  }

  waiting() {
    if (this.game.status !== "open" || this.seat === null || this.seat === undefined) {
      return el("div.waiting", {}, [el("p", { text: t("Connecting…") })]);
    }
    const missing = this.game.players.filter((name) => name === null).length;
    return el("div.waiting", {}, [
      el("h2", { text: tn("Waiting for one more player", "Waiting for {n} more players", missing) }),
      el("p", { text: t("Send this link to the people you want to play. The table is also listed in the lobby.") }),
      this.inviteRow(),
      el("ul.seat-list", {}, this.game.players.map((name, seat) => el("li", {
        text: name === null ? t("Seat {n}: open", { n: seat + 1 }) : t("Seat {n}: {name}", { n: seat + 1, name }),
      }))),
    ]);
  }

  scoreBar(view, names) {
    const score = this.shownScore(view);
    return el("div.scorebar.three", { role: "group", "aria-label": t("Match score") }, [
      ...[this.bottom, this.left, this.right].map((seat) => el("span.seat-score", { "data-seat": String(seat) }, [
        el("span.score-name", { text: names[seat] }),
        el("span.score", { text: String(score[seat]) }),
      ])),
      el("span.target", { text: t("to {n}", { n: matchTarget(this.game.rules) }) }),
      view ? el("span.round", { text: t("Round {n}", { n: view.round }) }) : null,
    ]);
  }

  opponent(view, seat, names) {
    return el(`div.opponent.${this.side(seat)}`, { class: this.acting(view, seat) ? "acting" : "", "data-seat": String(seat) }, [
      this.nameBar(view, seat, names),
      this.otherHand(view, seat, names),
      el("span.hand-count", { text: tn("{n} card", "{n} cards", view.hand_sizes[seat]) }),
    ]);
  }

  mine(view, names) {
    const seat = this.bottom;
    const hand = view.hand ? this.myHand(view) : this.otherHand(view, seat, names);
    return el("div.seat.bottom", { class: this.acting(view, seat) ? "acting" : "" }, [hand, this.nameBar(view, seat, names)]);
  }

  felt(view, motion, names) {
    const trumpInfo = el("div.trump", { title: t("Trump suit") }, [
      el("span.trump-label", { text: t("Trump") }),
      suitText(view.trump),
      el("span.visually-hidden", { text: suitWords()[view.trump] }),
      el("span.trump-card", { title: t("The dealer's last card, shown to all, sets trump.") }, [cardText(view.trump_card)]),
    ]);
    let cards = view.table;
    let done = false;
    if (motion.trick) {
      cards = trickCards(motion.trick);
      done = true;
    }
    const trick = el("div.trick3", { role: "group", "aria-label": t("The trick"), class: done ? "done" : "" });
    for (const { seat, card } of cards) {
      const side = this.side(seat);
      const node = cardSvg(card, `played ${side}`);
      if (motion.fly === card) {
        node.classList.add(`fly-from-${side}`);
      }
      const won = done && motion.trick.winner === seat;
      trick.append(el(`div.slot.${side}`, { class: won ? "won" : "", "data-seat": String(seat) }, [
        node, el("span.slot-name", { text: names[seat] }),
      ]));
    }
    const lead = cards.length ? cards[0].seat : view.leader;
    const info = el("div.felt-info", {}, [
      el("span", { text: t("Dealer: {name}", { name: names[view.dealer] }) }),
      el("span", { text: t("Lead: {name}", { name: names[lead] }) }),
    ]);
    return el("div.felt.three", {}, [trumpInfo, trick, info]);
  }

  prompt(view, names) {
    const waiting = this.waitingPrompt(view, names);
    if (waiting !== null) {
      return waiting;
    }
    if (view.phase === "marriage") {
      const suit = view.marriages[view.marriages.length - 1].suit;
      return t("Lead the king or queen of {suit}.", { suit: suitWords()[suit] });
    }
    if (view.table.length) {
      return t("Your turn: follow suit and beat the trick if you can ({card} led).", { card: cardWords(view.table[0].card) });
    }
    return t("Your lead: play a card.");
  }

  /** The three-hand hint values each action by the seat's game points less the others' mean. */
  hintHeading(exact) {
    return exact ? t("Expected game points of each action, less the average of the other two (exact):")
      : t("Expected game points of each action, less the average of the other two (estimated):");
  }

  pastTricks(view, names) {
    if (!view.tricks.length) {
      return null;
    }
    return el("details.tricks", {}, [
      el("summary", { text: t("Tricks of this round") }),
      el("ol", {}, view.tricks.map((trick) => el("li", {}, [
        ...trickCards(trick).flatMap(({ card }) => [cardText(card), " "]),
        el("span", { text: t("won by {name}", { name: names[trick.winner] }) }),
      ]))),
    ]);
  }
}
