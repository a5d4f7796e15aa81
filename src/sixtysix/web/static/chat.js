// The chat at the table, for its seated persons when another person sits there (never for a
// spectator, nor against the computer alone): the lines said (each speaker's seat name and
// text, put on the page as text), a line to write (at most 200 characters, Enter sends), the
// characters left, and a Mute/Unmute toggle for each other person. The server keeps the lines
// and the mutes (docs/WEB-PROTOCOL.md, "Chat"); this panel shows what it sends.
//
// The input is a text field, which the table's keyboard play leaves alone, and the panel
// listens to no key of the page's.

import { t, tn } from "./i18n.js";
import { personSeats, seatNames } from "./names.js";
import { el } from "./ui.js";

/** The most characters of a line. */
const MAX = 200;

/** The error codes of the chat, which the panel shows under its line. */
const CODES = new Set(["bad_chat", "chat_rate", "no_chat"]);

/** A refusal of the server's in the player's words. */
function refusal(message) {
  switch (message.code) {
    case "chat_rate":
      return tn("Too many messages: wait {n} second.", "Too many messages: wait {n} seconds.", message.retry || 1);
    case "bad_chat":
      return t("A message has 1 to 200 characters.");
    default:
      return t("Nobody else is at the table yet.");
  }
}

export class ChatPanel {
  /**
   * @param {Object} game the Game of the protocol
   * @param {function(Object)} send sends a message over the game's socket
   */
  constructor(game, send) {
    this.game = game;
    this.send = send;
    this.lines = [];
    this.muted = [];
    this.unsent = "";
    this.list = el("div.chat-lines", { role: "log", "aria-live": "polite", "aria-label": t("Messages") });
    this.input = el("input.chat-input", {
      id: "chat-input", type: "text", maxlength: MAX, autocomplete: "off", enterkeyhint: "send",
      on: { input: () => this.count() },
    });
    this.left = el("span.chat-left", { id: "chat-left" });
    this.input.setAttribute("aria-describedby", "chat-left");
    this.note = el("p.chat-note", { role: "status" });
    this.mutes = el("div.chat-mutes");
    const form = el("form.chat-form", { on: { submit: (event) => this.submit(event) } }, [
      el("label", { for: "chat-input", text: t("Message") }),
      this.input,
      el("button", { type: "submit", text: t("Send") }),
      this.left,
    ]);
    this.unseen = 0;
    this.visible = true;
    this.badge = el("button.chat-badge", { type: "button", hidden: true, on: { click: () => this.reveal() } });
    this.element = el("section.chat", { "aria-label": t("Chat") }, [this.list, form, this.note, this.mutes, this.badge]);
    // Below the felt the lines may be out of sight: a badge counts the others' new lines
    // until the panel is scrolled into view (or the badge pressed).
    this.observer = new IntersectionObserver((entries) => {
      this.visible = entries[entries.length - 1].isIntersecting;
      if (this.visible) {
        this.seen();
      }
    });
    this.observer.observe(this.list);
    this.count();
    this.update(game);
  }

  /** Stop watching whether the panel is in sight (the table is left). */
  close() {
    this.observer.disconnect();
    this.element.remove();
  }

  /** Scroll the panel into view and put the cursor in its line. */
  reveal() {
    this.element.scrollIntoView({ block: "end" });
    this.input.focus({ preventScroll: true });
    this.seen();
  }

  seen() {
    this.unseen = 0;
    this.badge.hidden = true;
  }

  /** The game as a new state has it: the panel shows once another person has sat down. */
  update(game) {
    this.game = game;
    const you = game.your_seat;
    this.element.hidden = !personSeats(game).some((seat) => seat !== you && game.players[seat] !== null);
    this.drawMutes();
    this.drawLines();
  }

  /** A chat message of the server's: all lines kept (``history``) or new ones. */
  receive(message) {
    this.lines = message.history ? message.lines : [...this.lines, ...message.lines];
    const others = message.history ? 0 : message.lines.filter((line) => line.seat !== this.game.your_seat).length;
    if (others && !this.visible) {
      this.unseen += others;
      this.badge.textContent = tn("{n} new message", "{n} new messages", this.unseen);
      this.badge.hidden = false;
    }
    this.muted = message.muted || [];
    this.drawLines();
    this.drawMutes();
  }

  /** Show a refusal if it is the chat's (and give the line back); whether it was. */
  refuse(message) {
    if (!CODES.has(message.code)) {
      return false;
    }
    this.note.textContent = refusal(message);
    if (this.unsent && !this.input.value) {
      this.input.value = this.unsent;
      this.count();
    }
    return true;
  }

  submit(event) {
    event.preventDefault();
    const text = this.input.value.trim();
    if (!text) {
      return;
    }
    this.unsent = text;
    this.note.textContent = "";
    this.send({ type: "chat", text });
    this.input.value = "";
    this.count();
  }

  count() {
    const left = MAX - this.input.value.length;
    this.left.textContent = tn("{n} character left", "{n} characters left", left);
  }

  names() {
    return seatNames(this.game).map((name) => name || "?");
  }

  drawLines() {
    const names = this.names();
    const you = this.game.your_seat;
    this.list.replaceChildren(...this.lines.map((line) => el("p.chat-line", { class: line.seat === you ? "mine" : "" }, [
      el("span.chat-name", { text: line.seat === you ? t("You") : names[line.seat] }),
      " ",
      el("span.chat-text", { text: line.text }),
    ])));
    this.list.scrollTop = this.list.scrollHeight;
  }

  drawMutes() {
    const names = this.names();
    const you = this.game.your_seat;
    const others = personSeats(this.game).filter((seat) => seat !== you && this.game.players[seat] !== null);
    const focused = this.mutes.contains(document.activeElement) ? document.activeElement.dataset.seat : null;
    this.mutes.replaceChildren(...others.map((seat) => {
      const muted = this.muted.includes(seat);
      const name = names[seat];
      return el("button.chat-mute", {
        type: "button", "data-seat": seat,
        text: muted ? t("Unmute {name}", { name }) : t("Mute {name}", { name }),
        on: { click: () => this.send({ type: "mute", seat, muted: !muted }) },
      });
    }));
    const again = focused === null ? null : this.mutes.querySelector(`[data-seat="${focused}"]`);
    if (again) {
      again.focus();
    }
  }
}

/**
 * The chat panel of a table, or null where there is none: for a spectator, or in a game
 * with one person.
 * @param {Object} game the Game of the protocol
 * @param {function(Object)} send sends a message over the game's socket
 */
export function chatPanel(game, send) {
  const you = game.your_seat;
  if (you === null || you === undefined || personSeats(game).length < 2) {
    return null;
  }
  return new ChatPanel(game, send);
}
