// The live table: one game over the WebSocket, drawn from the seat's observation, for
// any number of seats: you at the bottom, one other seat across the table, or more side by
// side above it, the player to your left first (RULES.md section 11), each card of the
// trick then shown with who played it. Incoming states are queued and shown one at a
// time, so that the other seats' moves and the tricks being taken can be followed; the
// player may act once the queue is drained.

import { ratingText, seatNames } from "./names.js";
import { socketUrl, recordUrl } from "./api.js";
import { CARD_ACTION, actionKey, actionLabel } from "./actions.js";
import { chatPanel } from "./chat.js";
import { MoveClock, timeResult } from "./clock.js";
import { ratingChanges } from "./ratingchange.js";
import { backSvg, cardSvg, cardText, cardWords, sortHand, suitText, suitWords } from "./cards.js";
import { hasStock, stockElement, tableCards, trickCards } from "./felt.js";
import { t, tn } from "./i18n.js";
import { refusalSection, refusalText } from "./reasons.js";
import { rematchPanel } from "./rematch.js";
import { summaryBody } from "./summary.js";
import { confirmDialog, el, hideOverlay, paceMs, settings, showOverlay, sleep } from "./ui.js";

const PRESET_TARGETS = { classic: 7, pagat: 7, santase: 11, turkish: 11, "three-hand": 11 };

/** The match target a rules string sets: "classic match_target=3" → 3. */
function matchTarget(rules) {
  const words = (rules || "classic").split(/\s+/);
  const flag = words.find((word) => word.startsWith("match_target="));
  return flag ? Number(flag.split("=")[1]) : PRESET_TARGETS[words[0]] || 7;
}

export class TableView {
  /**
   * @param {HTMLElement} root where the table is drawn
   * @param {Object} game the Game of the protocol
   */
  constructor(root, game) {
    this.root = root;
    this.game = game;
    this.view = null;
    this.queue = [];
    this.draining = false;
    this.socket = null;
    this.stopped = false;
    this.retry = 0;
    this.away = game.players.map(() => false);
    this.claimable = false;
    this.forfeit = null;
    this.rematch = null;
    this.message = "";
    this.messageSection = null;
    this.hint = null;
    this.pendingDraw = null;
    this.waitingForServer = false;
    this.lastHand = null;
    this.asking = false;
    this.moveClock = new MoveClock();
    this.shownSummaries = new Set(JSON.parse(sessionStorage.getItem(this.summaryKey()) || "[]"));
    this.onKey = (event) => this.key(event);
    this.onSettings = () => this.render(this.view);
    this.chat = chatPanel(game, (message) => this.send(message));
  }

  summaryKey() {
    return `sixtysix.summaries.${this.game.id}`;
  }

  get seat() {
    return this.game.your_seat;
  }

  get bottom() {
    return this.seat === null || this.seat === undefined ? 0 : this.seat;
  }

  /** The other seats, from the one to the bottom seat's left on. */
  get others() {
    const seats = this.game.players.length;
    return Array.from({ length: seats - 1 }, (_, index) => (this.bottom + index + 1) % seats);
  }

  /** Whether the other seats sit side by side above the table (more than one of them), each
   * card of the trick shown with who played it; the stylesheet's classes of that layout
   * are ``three`` and ``trick3``. */
  get sideBySide() {
    return this.others.length > 1;
  }

  /** Where a seat sits on the screen: "bottom"; "top" across the table from it; "left",
   * "right" (and "top" between them) side by side. */
  side(seat) {
    const others = this.others;
    const index = others.indexOf(seat);
    if (index < 0) {
      return "bottom";
    }
    if (others.length === 1) {
      return "top";
    }
    return index === 0 ? "left" : index === others.length - 1 ? "right" : "top";
  }

  names() {
    return seatNames(this.game).map((name, seat) =>
      name === null ? t("(waiting)") : seat === this.seat ? t("{name} (you)", { name }) : name);
  }

  start() {
    document.addEventListener("keydown", this.onKey);
    document.addEventListener("settings", this.onSettings);
    this.render(null);
    if (this.chat) {
      this.root.after(this.chat.element);
    }
    this.connect();
  }

  /** Leave the table: no more drawing, no socket, no dialog. */
  stop() {
    this.stopped = true;
    this.queue = [];
    this.moveClock.stop();
    document.removeEventListener("keydown", this.onKey);
    document.removeEventListener("settings", this.onSettings);
    if (this.socket) {
      this.socket.close();
    }
    if (this.chat) {
      this.chat.close();
    }
    hideOverlay();
  }

  connect() {
    const socket = new WebSocket(socketUrl(this.game.id));
    this.socket = socket;
    socket.addEventListener("open", () => {
      if (this.stopped) {
        socket.close();
        return;
      }
      this.retry = 0;
      this.setConnection(true);
    });
    socket.addEventListener("message", (event) => this.receive(event.data));
    socket.addEventListener("close", (event) => {
      if (this.stopped || this.socket !== socket) {
        return;
      }
      if (event.code === 4404) {
        this.stopped = true;
        this.root.replaceChildren(el("div.page", {}, [
          el("p.note", { text: t("This game does not exist.") }),
          el("a.button", { href: "#/", text: t("Home") }),
        ]));
        return;
      }
      this.setConnection(false);
      this.retry = Math.min(this.retry + 1, 5);
      setTimeout(() => !this.stopped && this.connect(), 500 * this.retry);
    });
  }

  setConnection(up) {
    this.connected = up;
    const banner = this.root.querySelector(".connection");
    if (banner) {
      banner.hidden = up;
    }
    const table = this.root.querySelector(".table");
    if (table) {
      table.dataset.connected = String(up);
    }
  }

  send(message) {
    if (this.socket && this.socket.readyState === WebSocket.OPEN) {
      this.socket.send(JSON.stringify(message));
    }
  }

  act(action) {
    if (this.connected === false) {
      this.say(t("Connection lost. Reconnecting…"));
      return;
    }
    this.hint = null;
    this.message = "";
    this.messageSection = null;
    this.waitingForServer = true;
    this.markBusy();
    this.send({ type: "act", action, seq: this.seq });
  }

  receive(data) {
    let message;
    try {
      message = JSON.parse(data);
    } catch {
      return;
    }
    if (message.type === "state") {
      this.seq = message.seq;
      this.waitingForServer = false;
      this.showRematch(message);
      if (this.chat) {
        this.chat.update(message.game);
      }
      this.moveClock.update(message.clock);
      this.queue.push(message);
      this.drain();
    } else if (message.type === "chat") {
      if (this.chat) {
        this.chat.receive(message);
      }
    } else if (message.type === "error" && this.chat && this.chat.refuse(message)) {
      return;
    } else if (message.type === "hint") {
      if (message.seq !== this.seq) {
        return;
      }
      this.hint = message.actions;
      this.message = "";
      this.render(this.view);
    } else if (message.type === "error") {
      this.waitingForServer = false;
      this.markBusy();
      this.say(this.errorText(message));
      if (message.code === "server" && this.socket) {
        this.socket.close();
      }
    }
  }

  /** The rematch of a state at once, not in the queue's turn (its summary may be open):
   * the panels shown say it, and a rematch that has started takes the page to its game. */
  showRematch(message) {
    this.rematch = message.rematch || null;
    if (this.rematch && this.rematch.status === "started" && this.rematch.game && !this.stopped) {
      location.hash = `#/game/${this.rematch.game}`;
      return;
    }
    for (const old of document.querySelectorAll(".rematch")) {
      const focused = old.contains(document.activeElement);
      const panel = this.rematchPanel(message.game);
      if (!panel) {
        old.remove();
        continue;
      }
      old.replaceWith(panel);
      const button = focused && panel.querySelector("button");
      if (button) {
        button.focus();
      }
    }
  }

  /** The rematch panel of the finished match as ``game`` stands, or null for a spectator. */
  rematchPanel(game = this.game) {
    return rematchPanel(game, this.rematch, (message) => this.send(message));
  }

  /** An error from the server in the player's words. */
  errorText(message) {
    switch (message.code) {
      case "not_your_turn":
        return t("It is not your turn.");
      case "illegal":
        return t("That move is not allowed now.");
      case "server":
        return t("The server had a problem: the game is reloading.");
      default:
        return t("That did not work: {reason}", { reason: message.message });
    }
  }

  /** Show a message under the table, with a link to the rules' ``section`` if given. */
  say(text, section = null) {
    this.message = text;
    this.messageSection = section;
    const line = this.root.querySelector(".message");
    if (line) {
      line.replaceWith(this.messageLine(this.view));
    }
  }

  messageLine(view) {
    const names = this.names();
    const text = this.message || (view ? this.prompt(view, names) : "");
    const link = this.message && this.messageSection
      ? el("a.rule-link", { href: `#/rules/${this.messageSection}`, text: t("The rule") }) : null;
    return el("p.message", { role: "status", "aria-live": "polite" }, [text, link ? " " : null, link]);
  }

  get busy() {
    return this.draining || this.queue.length > 0 || Boolean(this.waitingForServer);
  }

  async drain() {
    if (this.draining) {
      return;
    }
    this.draining = true;
    this.markBusy();
    try {
      while (this.queue.length && !this.stopped) {
        await this.step(this.queue.shift());
      }
    } finally {
      this.draining = false;
      if (!this.stopped) {
        this.render(this.view);
        this.autoDraw();
      }
    }
  }

  /** Go on by itself when drawing is the only thing the player may do after winning a trick. */
  autoDraw() {
    const view = this.view;
    if (!view || view.seat === null || view.to_act !== view.seat || view.phase !== "draw") {
      return;
    }
    const key = `${view.round}.${view.tricks.length}`;
    if (view.legal.length === 1 && view.legal[0] === "draw" && this.pendingDraw !== key) {
      this.pendingDraw = key;
      this.act("draw");
    }
  }

  markBusy() {
    const table = this.root.querySelector(".table");
    if (table) {
      table.dataset.busy = String(this.busy);
    }
  }

  async step(message) {
    const previous = this.view;
    const next = message.view;
    this.game = message.game;
    this.away = message.away || this.game.players.map(() => false);
    this.claimable = Boolean(message.claimable);
    this.forfeit = message.forfeit || null;
    if (!next) {
      this.view = null;
      this.render(null);
      return;
    }
    if (next.previous && next.tricks.length === 0 && !this.shownSummaries.has(next.round - 1)) {
      this.render(next);
      await this.summary(next.round - 1, next.previous.outcome, next.previous.points,
        next.previous.trick_counts || next.previous.tricks, next);
    }
    if (previous && JSON.stringify(previous) === JSON.stringify(next)) {
      this.view = next;
      return;
    }
    const sameRound = Boolean(previous && previous.round === next.round);
    const other = Boolean(message.last && message.last.actor !== this.seat);
    this.view = next;
    await this.animate(previous, next, sameRound, other);
    if (next.phase === "over" && next.outcome && !this.shownSummaries.has(next.round)) {
      this.render(next);
      await this.summary(next.round, next.outcome, next.points, next.trick_counts, next);
    }
  }

  /** Show the move from ``previous`` to ``next``: a card flying in, a trick taken (which
   * stays half a move for each other seat, and half a move more after another's card). */
  async animate(previous, next, sameRound, other) {
    const seats = this.game.players.length;
    const table = tableCards(next);
    if (sameRound && next.tricks.length > previous.tricks.length) {
      const trick = next.tricks[next.tricks.length - 1];
      const cards = trickCards(trick, seats).map(({ card }) => card);
      const before = tableCards(previous).map(({ card }) => card);
      const last = before.join() === cards.slice(0, -1).join() ? cards[cards.length - 1] : null;
      this.render(next, { trick, fly: last });
      await sleep(paceMs("anim") + paceMs("move") * (this.others.length + (other ? 1 : 0)) / 2);
      this.sweep(trick.winner);
      await sleep(paceMs("anim"));
      this.render(next);
    } else if (table.length && (!sameRound || !tableCards(previous).some(({ card }) => card === table[table.length - 1].card))) {
      this.render(next, { fly: table[table.length - 1].card });
      await sleep(paceMs("anim") + (other ? paceMs("move") : 0));
    } else {
      this.render(next);
      if (other && previous) {
        await sleep(paceMs("move"));
      }
    }
  }

  sweep(winner) {
    for (const card of this.root.querySelectorAll(".trick .card, .trick3 .card")) {
      card.classList.add(`sweep-to-${this.side(winner)}`);
    }
  }

  /** Whether the table may say how the round of ``view`` ended: not before its summary. */
  revealed(view) {
    return !(view && view.phase === "over" && view.outcome && !this.shownSummaries.has(view.round));
  }

  /** The match score as the table shows it: before the round's points until its summary. */
  shownScore(view) {
    if (!view) {
      return this.game.score;
    }
    if (this.revealed(view)) {
      return view.score;
    }
    const { winner, game_points: points, scores } = view.outcome;
    if (scores) {
      return view.score.map((score, seat) => score - scores[seat]);
    }
    return view.score.map((score, seat) => (seat === winner ? score - points : score));
  }

  /** The round summary, then "Next deal" (or the end of the match). */
  summary(round, outcome, points, tricks, view) {
    if (this.stopped) {
      return Promise.resolve();
    }
    this.shownSummaries.add(round);
    sessionStorage.setItem(this.summaryKey(), JSON.stringify([...this.shownSummaries]));
    if (!outcome) {
      return Promise.resolve();
    }
    const body = this.summaryBody(round, outcome, points, tricks, view);
    const names = seatNames(this.game).map((name) => name || "?");
    const you = this.seat;
    const matchOver = view.match_winner !== null && view.match_winner !== undefined && view.round === round;
    return new Promise((resolve) => {
      let close = null;
      const done = () => {
        close();
        resolve();
      };
      if (matchOver) {
        const winner = view.match_winner;
        body.append(
          el("p.match-result", {
            text: winner === you ? t("You win the match!")
              : t("{name} wins the match.", { name: names[winner] }),
          }),
          ...[ratingChanges(this.game)].filter(Boolean),
          this.rematchPanel(),
          el("div.buttons", {}, [
            ...this.endLinks(done),
            el("button", { type: "button", text: t("Close"), "data-key": "next", on: { click: done } }),
          ]),
        );
      } else {
        body.append(el("div.buttons", {}, [
          el("button.primary", { type: "button", text: t("Next deal"), "data-key": "next", on: { click: done } }),
        ]));
      }
      close = showOverlay(body, "summary-dialog", resolve);
      document.querySelector("#overlay [data-key=next]").focus();
    });
  }

  /** The links at the end of a match: its replay, its record, a new game. */
  endLinks(done = null) {
    const on = done ? { click: done } : null;
    return [
      el("a.button", { href: `#/replay/${this.game.id}`, text: t("Replay the match"), on }),
      el("a.button", { href: recordUrl(this.game.id), download: `sixtysix-${this.game.id}.txt`, text: t("Download the record") }),
      el(done ? "a.button.primary" : "a.button", { href: "#/", text: t("New game"), on }),
    ];
  }

  /** What the round's summary says: who scored and why, points, tricks and the match score. */
  summaryBody(round, outcome, points, tricks, view) {
    return summaryBody(round, outcome, points, tricks, view, seatNames(this.game).map((name) => name || "?"), this.seat);
  }

  clickCard(card) {
    const view = this.view;
    if (!view || this.busy || view.seat === null || view.seat === undefined || this.winner(view) !== null) {
      return;
    }
    if (view.to_act !== view.seat) {
      this.say(t("It is not your turn."));
    } else if (view.legal.includes(card)) {
      this.act(card);
    } else if (view.refusals && view.refusals[card]) {
      this.say(refusalText(view.refusals[card]), refusalSection(view.refusals[card]));
    } else {
      this.say(t("You cannot play that card now."));
    }
  }

  requestHint() {
    const view = this.view;
    if (view && !this.busy && view.seat !== null && view.to_act === view.seat && view.legal.length) {
      this.say(t("Thinking about a hint…"));
      this.send({ type: "hint" });
    }
  }

  key(event) {
    if (event.target.closest && event.target.closest("input, select, textarea")) {
      return;
    }
    if (event.ctrlKey || event.metaKey || event.altKey) {
      return;
    }
    const overlayOpen = !document.getElementById("overlay").hidden;
    if (overlayOpen) {
      if (event.key === "Enter" || event.key === " ") {
        const next = document.querySelector("#overlay [data-key=next]");
        if (next && !event.target.closest("#overlay a, #overlay button:not([data-key=next])")) {
          event.preventDefault();
          next.click();
        }
      }
      return;
    }
    const view = this.view;
    if (event.key === "?") {
      location.hash = "#/help";
      return;
    }
    if (!view || view.seat === null || view.seat === undefined) {
      return;
    }
    if (/^[1-8]$/.test(event.key)) {
      const hand = sortHand(view.hand || [], view.trump);
      const card = hand[Number(event.key) - 1];
      if (card) {
        event.preventDefault();
        this.clickCard(card);
      }
      return;
    }
    const legal = view.legal || [];
    const pick = (test) => legal.find(test);
    let action;
    switch (event.key.toLowerCase()) {
      case "m":
        action = legal.filter((a) => a[0] === "M").sort((a, b) => (b[1] === view.trump) - (a[1] === view.trump))[0];
        break;
      case "x":
        action = pick((a) => a === "exchange");
        break;
      case "c":
        action = pick((a) => a === "close" || a === "close-before-draw");
        break;
      case "o":
        action = pick((a) => a === "out");
        break;
      case " ":
      case "enter":
        if (event.target.closest && event.target.closest("button, a")) {
          return;
        }
        action = pick((a) => a === "draw" || a === "pass");
        break;
      case "h":
        this.requestHint();
        return;
      default:
        return;
    }
    event.preventDefault();
    if (action && !this.busy && this.myTurn(view)) {
      this.choose(action, event.key.toLowerCase());
    }
  }

  /** Who is to act in ``view``, for the table's data-turn: "me", "them" or "none". */
  turnOf(view) {
    if (!view || this.winner(view) !== null || view.phase === "over" || view.to_act === null) {
      return "none";
    }
    return this.myTurn(view) ? "me" : "them";
  }

  /** Whether the seat may act now in ``view``. */
  myTurn(view) {
    return Boolean(view && view.seat !== null && view.seat !== undefined && view.to_act === view.seat
      && view.phase !== "over" && this.winner(view) === null);
  }

  /** Take an action chosen by a button or a key; those that end the round or change it
   * for good ask first. */
  async choose(action, key = null) {
    if (this.asking) {
      return;
    }
    let confirmed = true;
    this.asking = true;
    try {
      if (action === "out") {
        confirmed = await this.confirmOut(key);
      } else if ((action === "close" || action === "close-before-draw") && settings.get("explainClose")) {
        confirmed = await this.confirmClose(key);
      }
    } finally {
      this.asking = false;
    }
    if (confirmed && !this.stopped && !this.busy && this.myTurn(this.view) && this.view.legal.includes(action)) {
      this.act(action);
    }
  }

  /** What declaring out now would bring, in words: the seat's points and the outcome,
   * or in memory mode only what a false declaration costs. */
  outWords(view) {
    const names = seatNames(this.game).map((name) => name || "?");
    const others = names.filter((_, seat) => seat !== view.seat);
    if (settings.get("memory") || !view.out) {
      return [t("Memory mode: your points are not shown."),
        others.length === 1
          ? t("If you have fewer than 66 points, {name} scores game points instead of you.", { name: others[0] })
          : t("If you have fewer than 66 points, the others score game points instead of you.")];
    }
    const points = tn("You have {n} point.", "You have {n} points.", view.points[view.seat]);
    const out = view.out;
    if (out.winner === view.seat) {
      return [points, tn("If you declare now, you win the round and score {n} game point.",
        "If you declare now, you win the round and score {n} game points.", out.game_points)];
    }
    if (others.length === 1) {
      return [points, t("That is fewer than 66."), tn("If you declare now, {name} scores {n} game point.",
        "If you declare now, {name} scores {n} game points.", out.game_points, { name: others[0] })];
    }
    return [points, t("That is fewer than 66."), tn("If you declare now, the others score {n} game point each.",
      "If you declare now, the others score {n} game points each.", out.game_points)];
  }

  confirmOut(key) {
    const view = this.view;
    const losing = view.out && view.out.winner !== view.seat && !settings.get("memory");
    return confirmDialog({
      title: t("Declare out (66)?"),
      body: this.outWords(view),
      confirm: t("Declare out"),
      cancel: t("Keep playing"),
      key: key === "o" ? "o" : null,
      danger: losing,
    });
  }

  confirmClose(key) {
    const check = el("input", { type: "checkbox", on: { change: (event) => settings.set("explainClose", !event.target.checked) } });
    return confirmDialog({
      title: t("Close the stock?"),
      body: [
        t("Nobody draws any more: the trump card is turned down and the rest of the round is played with the cards in hand."),
        t("From now on play is strict: the second card to a trick must follow suit (under most rules it must also beat the card led), or else be a trump."),
        t("You must reach 66 before the cards run out. If you do not, your opponent scores, and more if they had no trick when you closed."),
      ],
      extra: el("label.dont-ask", {}, [check, el("span", { text: t("Don't explain closing again") })]),
      confirm: t("Close the stock"),
      cancel: t("Keep the stock open"),
      key: key === "c" ? "c" : null,
      danger: false,
    });
  }

  /** Resign the match, after asking. */
  async resign() {
    if (this.asking) {
      return;
    }
    this.asking = true;
    const names = seatNames(this.game).map((name) => name || "?");
    let confirmed;
    try {
      confirmed = await confirmDialog({
        title: t("Resign the match?"),
        body: [t("{name} wins the match at once. This cannot be undone.", { name: names[this.others[0]] })],
        confirm: t("Resign"),
        cancel: t("Keep playing"),
      });
    } finally {
      this.asking = false;
    }
    if (confirmed && !this.stopped) {
      this.send({ type: "resign" });
    }
  }

  // Drawing ------------------------------------------------------------------------------

  render(view, motion = {}) {
    if (this.stopped) {
      return;
    }
    const names = this.names();
    const memory = settings.get("memory");
    const myTurn = this.myTurn(view);
    const table = el(this.sideBySide ? "section.table.three" : "section.table", {
      "data-phase": view ? view.phase : "waiting",
      "data-busy": String(this.busy),
      "data-turn": this.turnOf(view),
      "data-seat": this.seat === null || this.seat === undefined ? "spectator" : String(this.seat),
      "data-connected": String(this.connected !== false),
      "aria-label": t("The table"),
      class: memory ? "memory" : "",
    });
    table.append(el("p.connection", { role: "alert", hidden: this.connected !== false, text: t("Connection lost. Reconnecting…") }));
    table.append(this.scoreBar(view, names), this.moveClock.live);
    if (!view) {
      table.append(this.waiting());
      this.root.replaceChildren(table);
      return;
    }
    const others = this.sideBySide
      ? el("div.opponents", {}, this.others.map((seat) => this.opponent(view, seat, names)))
      : this.seatRow(view, this.others[0], names);
    const parts = [
      others,
      this.felt(view, motion, names),
      this.seatRow(view, this.bottom, names),
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
    if (!this.sideBySide) {
      return el("div.waiting", {}, [
        el("h2", { text: t("Waiting for an opponent") }),
        el("p", { text: t("Send this link to the person you want to play. The table is also listed in the lobby.") }),
        this.inviteRow(),
      ]);
    }
    const missing = this.game.players.filter((name) => name === null).length;
    return el("div.waiting", {}, [
      el("h2", { text: tn("Waiting for one more player", "Waiting for {n} more players", missing) }),
      el("p", { text: t("Send this link to the people you want to play. The table is also listed in the lobby.") }),
      this.inviteRow(),
      el("ul.seat-list", {}, seatNames(this.game).map((name, seat) => el("li", {
        text: name === null ? t("Seat {n}: open", { n: seat + 1 }) : t("Seat {n}: {name}", { n: seat + 1, name }),
      }))),
    ]);
  }

  /** The game's invitation link with a button that copies it. */
  inviteRow() {
    const link = `${location.origin}/#/game/${this.game.id}`;
    const input = el("input.invite", { type: "text", readonly: true, value: link, "aria-label": t("Invitation link") });
    return el("div.invite-row", {}, [
      input,
      el("button", {
        type: "button",
        text: t("Copy link"),
        on: {
          click: async (event) => {
            input.select();
            try {
              await navigator.clipboard.writeText(link);
              event.target.textContent = t("Copied");
            } catch {
              event.target.textContent = t("Press Ctrl+C to copy");
            }
          },
        },
      }),
    ]);
  }

  scoreBar(view, names) {
    const score = this.shownScore(view);
    const target = el("span.target", { text: t("to {n}", { n: matchTarget(this.game.rules) }) });
    const round = view ? el("span.round", { text: t("Round {n}", { n: view.round }) }) : null;
    if (this.sideBySide) {
      return el("div.scorebar.three", { role: "group", "aria-label": t("Match score") }, [
        ...[this.bottom, ...this.others].map((seat) => el("span.seat-score", { "data-seat": String(seat) }, [
          el("span.score-name", { text: names[seat] }),
          el("span.score", { text: String(score[seat]) }),
        ])),
        target, round,
      ]);
    }
    const other = this.others[0];
    return el("div.scorebar", {}, [
      el("span.score-name", { text: names[this.bottom] }),
      el("span.score", { role: "group", "aria-label": t("Match score"), text: `${score[this.bottom]} : ${score[other]}` }),
      el("span.score-name", { text: names[other] }),
      target, round,
    ]);
  }

  /** A seat's row across the table or at its bottom: its name bar and its hand (its own
   * cards if they are the player's, else their backs and those shown). */
  seatRow(view, seat, names) {
    const mine = seat === view.seat && view.hand;
    const toAct = this.acting(view, seat);
    const hand = mine ? this.myHand(view) : this.otherHand(view, seat, names);
    const bar = this.nameBar(view, seat, names);
    const row = el(`div.seat.${this.side(seat)}`, { class: toAct ? "acting" : "" });
    if (seat === this.bottom) {
      row.append(hand, bar);
    } else {
      row.append(bar, hand);
    }
    return row;
  }

  /** Another seat side by side with the others: its name bar, its hand, how many cards it holds. */
  opponent(view, seat, names) {
    return el(`div.opponent.${this.side(seat)}`, { class: this.acting(view, seat) ? "acting" : "", "data-seat": String(seat) }, [
      this.nameBar(view, seat, names),
      this.otherHand(view, seat, names),
      el("span.hand-count", { text: tn("{n} card", "{n} cards", view.hand_sizes[seat]) }),
    ]);
  }

  /** Whether ``seat`` is to act in a round in play. */
  acting(view, seat) {
    return view.to_act === seat && view.phase !== "over" && this.winner(view) === null;
  }

  /** A seat's name with its badges (turn, dealer, away, marriages) and its pile of won cards. */
  nameBar(view, seat, names) {
    const badges = [];
    if (this.acting(view, seat)) {
      badges.push(el("span.badge.turn", { text: seat === view.seat ? t("your turn") : t("to play") }));
    }
    if (view.dealer === seat) {
      badges.push(el("span.badge", { text: t("dealer"), title: t("This player dealt the round.") }));
    }
    if (this.away[seat] && seat !== this.seat) {
      badges.push(el("span.badge.away", { text: t("away") }));
    }
    for (const marriage of view.marriages.filter((m) => m.seat === seat)) {
      badges.push(el("span.badge.marriage", {
        title: t("Marriage announced"),
      }, [suitText(marriage.suit), ` ${marriage.points}`]));
    }
    const rating = (this.game.ratings || [])[seat];
    const rated = rating ? el("span.seat-rating", {
      text: ratingText(rating), title: t("Rating"),
    }) : null;
    return el("div.namebar", {}, [el("span.name", { text: names[seat] }), rated, this.moveClock.element(seat, this.seat),
      ...badges, this.pile(view, seat)]);
  }

  /** Another seat's hand: the cards it has shown face up, the others face down. */
  otherHand(view, seat, names) {
    const shown = view.shown[seat] || [];
    const backs = Math.max(0, view.hand_sizes[seat] - shown.length);
    return el("div.hand.other", { role: "group", "aria-label": t("{name}'s hand", { name: names[seat] }) }, [
      ...sortHand(shown, view.trump).map((card) => cardSvg(card, "shown")),
      ...Array.from({ length: backs }, () => backSvg()),
    ]);
  }

  myHand(view) {
    const myTurn = this.myTurn(view) && !this.busy;
    const cards = sortHand(view.hand, view.trump);
    const hand = el("div.hand.mine", { role: "group", "aria-label": t("Your hand") });
    const before = this.lastHand;
    this.lastHand = new Set(cards);
    cards.forEach((card, index) => {
      const legal = myTurn && view.legal.includes(card);
      const node = cardSvg(card, legal ? "legal" : myTurn ? "illegal" : "");
      node.setAttribute("aria-hidden", "true");
      if (before && !before.has(card)) {
        node.classList.add("arrive");
      }
      const refusal = myTurn && view.refusals && view.refusals[card] ? refusalText(view.refusals[card]) : "";
      const button = el("button.cardbutton", {
        type: "button",
        "data-card": card,
        "aria-keyshortcuts": String(index + 1),
        "aria-disabled": myTurn && !legal ? "true" : null,
        title: legal ? t("Play this card (key {n})", { n: index + 1 }) : refusal,
        on: { click: () => this.clickCard(card) },
      }, [node, el("span.keycap", { text: String(index + 1) }), el("span.visually-hidden", { text: `: ${cardWords(card)}` })]);
      if (legal) {
        button.classList.add("legal");
      }
      hand.append(button);
    });
    return hand;
  }

  /** The cards a seat won: how many tricks, and their points unless memory mode hides them. */
  pile(view, seat) {
    const count = view.trick_counts[seat];
    const label = tn("{n} trick", "{n} tricks", count);
    const points = settings.get("memory") ? null : tn("{n} point", "{n} points", view.points[seat]);
    return el("span.pile", { title: t("Cards won") }, [
      count ? backSvg("mini") : el("span.pile-empty"),
      el("span.pile-count", { text: label }),
      points ? el("span.pile-points", { text: points }) : null,
    ]);
  }

  /** The middle of the table: the stock (in a round played with one), the trick and the
   * trump; side by side, the trump card with the trump, each card of the trick with who
   * played it, and who dealt and who leads. */
  felt(view, motion, names) {
    const seats = this.game.players.length;
    const stock = hasStock(view) ? stockElement(view) : null;
    const trumpInfo = el("div.trump", { title: t("Trump suit") }, [
      el("span.trump-label", { text: t("Trump") }),
      suitText(view.trump),
      el("span.visually-hidden", { text: suitWords()[view.trump] }),
      stock || !view.trump_card ? null
        : el("span.trump-card", { title: t("The dealer's last card, shown to all, sets trump.") }, [cardText(view.trump_card)]),
    ]);
    let cards = tableCards(view);
    let done = false;
    if (motion.trick) {
      cards = trickCards(motion.trick, seats);
      done = true;
    } else if (!cards.length && view.phase === "draw" && view.tricks.length) {
      cards = trickCards(view.tricks[view.tricks.length - 1], seats);
      done = true;
    }
    const trick = el(this.sideBySide ? "div.trick3" : "div.trick", { role: "group", "aria-label": t("The trick"), class: done ? "done" : "" });
    for (const { seat, card } of cards) {
      const side = this.side(seat);
      const node = cardSvg(card, `played ${side}`);
      if (motion.fly === card) {
        node.classList.add(`fly-from-${side}`);
      }
      const won = Boolean(motion.trick) && motion.trick.winner === seat;
      trick.append(this.sideBySide ? el(`div.slot.${side}`, { class: won ? "won" : "", "data-seat": String(seat) }, [
        node, el("span.slot-name", { text: names[seat] }),
      ]) : node);
    }
    if (!cards.length && view.tricks.length && !settings.get("memory")) {
      trick.append(this.lastTrick(view, names));
    }
    if (!this.sideBySide) {
      return el("div.felt", {}, [stock, trick, trumpInfo]);
    }
    const lead = cards.length ? cards[0].seat : view.leader;
    const info = el("div.felt-info", {}, [
      el("span", { text: t("Dealer: {name}", { name: names[view.dealer] }) }),
      el("span", { text: t("Lead: {name}", { name: names[lead] }) }),
    ]);
    return el("div.felt.three", {}, [trumpInfo, trick, info]);
  }

  /** A button of an action that is not a card; declaring out is set apart from the others. */
  actionButton(action, view) {
    const key = actionKey(action);
    return el(action === "out" ? "button.action.out" : "button.action", {
      type: "button",
      "data-action": action,
      "aria-keyshortcuts": key && key !== "␣" ? key : null,
      title: key ? t("Key: {key}", { key }) : "",
      text: actionLabel(action, view),
      on: { click: () => !this.busy && this.choose(action) },
    });
  }

  /** Resigning, for a seat of a match in play against one other seat. */
  resignButton() {
    if (this.seat === null || this.seat === undefined || this.game.status !== "playing" || this.others.length !== 1) {
      return null;
    }
    return el("button.resign", { type: "button", text: t("Resign"), on: { click: () => this.resign() } });
  }

  actionBar(view, myTurn) {
    const bar = el("div.actions", { role: "group", "aria-label": t("Actions") });
    const plays = el("div.plays");
    const weighty = el("div.weighty");
    if (myTurn) {
      for (const action of view.legal.filter((a) => !CARD_ACTION.test(a))) {
        (action === "out" ? weighty : plays).append(this.actionButton(action, view));
      }
      plays.append(el("button.hint-button", {
        type: "button",
        "aria-keyshortcuts": "h",
        title: t("Key: {key}", { key: "h" }),
        text: t("Hint"),
        on: { click: () => this.requestHint() },
      }));
    }
    const resign = this.resignButton();
    if (resign && this.revealed(view) && this.winner(view) === null) {
      weighty.append(resign);
    }
    bar.append(plays, weighty);
    const winner = this.revealed(view) ? this.winner(view) : null;
    if (winner !== null) {
      const names = seatNames(this.game).map((name) => name || "?");
      const claimed = this.game.ending === "claimed";
      const loser = names[this.game.players.findIndex((_, seat) => seat !== winner)];
      let result;
      if (this.forfeit) {
        const failed = names[this.forfeit.seat];
        result = winner === this.seat
          ? t("You win the match: {name} failed ({reason}).", { name: failed, reason: this.forfeit.reason })
          : t("{name} wins the match: {loser} failed ({reason}).", { name: names[winner], loser: failed, reason: this.forfeit.reason });
      } else if (this.game.ending === "time") {
        result = timeResult(names, winner, this.seat);
      } else if (this.game.ending === "resigned") {
        result = winner === this.seat
          ? t("You win the match: {name} resigned.", { name: loser })
          : t("{name} wins the match: {loser} resigned.", { name: names[winner], loser });
      } else if (claimed) {
        result = winner === this.seat
          ? t("You win the match: {name} stayed away too long.", { name: loser })
          : t("{name} wins the match: {loser} stayed away too long.", { name: names[winner], loser });
      } else {
        result = winner === this.seat ? t("You win the match!") : t("{name} wins the match.", { name: names[winner] });
      }
      plays.append(el("span.match-result", { text: result }), ...this.endLinks());
      this.ratingLine = this.ratingLine || ratingChanges(this.game);
      if (this.ratingLine) {
        plays.append(this.ratingLine);
      }
      const panel = this.rematchPanel();
      if (panel) {
        bar.append(panel);
      }
    }
    if (this.claimable && winner === null && this.seat !== null && this.seat !== undefined) {
      plays.append(el("button.action.claim", {
        type: "button",
        text: t("Claim the match"),
        title: t("Your opponent has been away too long: you may claim the match."),
        on: { click: () => this.send({ type: "claim" }) },
      }));
    }
    return bar;
  }

  /** The seat that won the match (in play or by a claim), or null while it goes on. */
  winner(view) {
    if (this.game.status === "over" && this.game.winner !== null && this.game.winner !== undefined) {
      return this.game.winner;
    }
    return view && view.match_winner !== null && view.match_winner !== undefined ? view.match_winner : null;
  }

  /** What the table says while the player is not to act, or null when they are. */
  waitingPrompt(view, names) {
    if (this.winner(view) !== null && this.revealed(view)) {
      return t("The match is over.");
    }
    if (view.phase === "over" || this.winner(view) !== null) {
      return t("The round is over.");
    }
    const other = names[view.to_act];
    if (view.seat === null || view.seat === undefined) {
      return t("You are watching. {name} to play.", { name: other });
    }
    if (view.to_act !== view.seat) {
      const bots = this.game.bots || [null, this.game.bot];
      return bots[view.to_act] ? t("{name} is thinking…", { name: other }) : t("Waiting for {name}.", { name: other });
    }
    return null;
  }

  prompt(view, names) {
    const waiting = this.waitingPrompt(view, names);
    if (waiting !== null) {
      return waiting;
    }
    switch (view.phase) {
      case "follow": {
        // Without a stock every card must follow suit and beat the trick if it can.
        const card = cardWords(tableCards(view)[0].card);
        return hasStock(view) ? t("Your turn: play a card to the {card}.", { card })
          : t("Your turn: follow suit and beat the trick if you can ({card} led).", { card });
      }
      case "marriage": {
        const suit = view.marriages[view.marriages.length - 1].suit;
        return t("Lead the king or queen of {suit}.", { suit: suitWords()[suit] });
      }
      case "draw":
        return t("You won the trick: draw, or close before drawing.");
      case "respond":
        return t("The stock is closed: exchange your trump nine or not?");
      default:
        return t("Your lead: play a card.");
    }
  }

  hintBox(view) {
    if (!this.hint || view.to_act !== view.seat) {
      return null;
    }
    const best = Math.max(...this.hint.map((entry) => entry.expected));
    const exact = this.hint.length && this.hint[0].exact;
    const rows = [...this.hint].sort((a, b) => b.expected - a.expected).map((entry) =>
      el("li", { class: entry.expected === best ? "best" : "" }, [
        CARD_ACTION.test(entry.action) ? cardText(entry.action) : el("span", { text: actionLabel(entry.action, view) }),
        el("span.value", { text: `${entry.expected >= 0 ? "+" : ""}${entry.expected.toFixed(2)}` }),
      ]));
    return el("div.hintbox", {}, [el("p", { text: this.hintHeading(exact) }), el("ul", {}, rows)]);
  }

  /** What the hint's values are, over its list: against more than one other seat, the
   * seat's game points less the others' mean. */
  hintHeading(exact) {
    if (this.others.length > 1) {
      return exact ? t("Expected game points of each action, less the average of the other two (exact):")
        : t("Expected game points of each action, less the average of the other two (estimated):");
    }
    return exact ? t("Expected game points of each action (exact):")
      : t("Expected game points of each action (estimated):");
  }

  /** The last trick taken, small on the empty felt until the next lead (memory mode hides it
   * with the other past tricks). */
  lastTrick(view, names) {
    const trick = view.tricks[view.tricks.length - 1];
    return el("div.last-trick", { role: "group", "aria-label": t("Last trick") }, [
      el("span.last-trick-label", { text: t("Last trick") }),
      el("span.last-trick-cards", {}, trickCards(trick, this.game.players.length).flatMap(({ card }) => [cardText(card), " "])),
      el("span", { text: t("won by {name}", { name: names[trick.winner] }) }),
    ]);
  }

  pastTricks(view, names) {
    if (!view.tricks.length) {
      return null;
    }
    return el("details.tricks", {}, [
      el("summary", { text: t("Tricks of this round") }),
      el("ol", {}, view.tricks.map((trick) => el("li", {}, [
        ...trickCards(trick, this.game.players.length).flatMap(({ card }) => [cardText(card), " "]),
        el("span", { text: t("won by {name}", { name: names[trick.winner] }) }),
      ]))),
    ]);
  }
}
