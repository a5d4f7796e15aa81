// The move clock of a table: each person's seat shows its bank; the seat to act shows its
// move time counting down, then its bank. The server sends what is left in milliseconds;
// the clock counts down locally from when the message arrived (the computer's own clock
// may be wrong), and a seat short of time is marked, and told once to a screen reader.

import { t } from "./i18n.js";
import { el } from "./ui.js";

const TICK_MS = 200;
/** Under this much time left (move time and bank) the seat to act is warned. */
const LOW_MS = 10000;

/** A number of milliseconds as m:ss, rounded up (a clock shows 0:00 only when out). */
export function clockText(ms) {
  const seconds = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
}

/** The words of a match lost on time, as the end of the match says it. */
export function timeResult(names, winner, you) {
  const loser = names[1 - winner];
  return winner === you
    ? t("You win the match: {name} lost on time.", { name: loser })
    : t("{name} wins the match: {loser} lost on time.", { name: names[winner], loser });
}

/** The clocks of a table's seats, counting down between the server's states. */
export class MoveClock {
  constructor() {
    this.clock = null;
    this.received = 0;
    this.shown = new Map();
    this.warned = null;
    this.live = el("p.visually-hidden.clock-alert", { "aria-live": "assertive" });
    this.timer = null;
  }

  /** The clock of a new state message (null: the game has none), received now. */
  update(clock) {
    this.clock = clock || null;
    this.received = performance.now();
    const running = Boolean(this.clock) && this.clock.to_act !== null;
    if (running && this.timer === null) {
      this.timer = setInterval(() => this.tick(), TICK_MS);
    } else if (!running) {
      this.stop();
    }
    this.tick();
  }

  /** Stop counting (the table is left). */
  stop() {
    clearInterval(this.timer);
    this.timer = null;
  }

  /** A seat's clock for its name bar, or null for a bot's seat or a game without a clock. */
  element(seat, you) {
    if (!this.clock || this.clock.banks[seat] === null || this.clock.banks[seat] === undefined) {
      return null;
    }
    const node = el("span.clock", { "data-seat": String(seat) });
    this.shown.set(seat, { node, you: seat === you });
    this.draw(seat);
    return node;
  }

  tick() {
    for (const seat of this.shown.keys()) {
      this.draw(seat);
    }
  }

  draw(seat) {
    const { node, you } = this.shown.get(seat);
    const clock = this.clock;
    if (!clock) {
      return;
    }
    const spent = performance.now() - this.received;
    let text;
    let low = false;
    if (clock.to_act === seat) {
      const moveLeft = clock.move_left - spent;
      const left = clock.left - spent;
      text = moveLeft > 0
        ? t("{time} to move", { time: clockText(moveLeft) })
        : t("bank {time}", { time: clockText(left) });
      low = left < LOW_MS;
      node.dataset.left = String(Math.max(0, Math.round(left)));
      // Told once a turn: the seat and the time it had when the turn's first state came.
      const turn = `${seat}:${clock.move_left}:${clock.left}`;
      if (low && you && this.warned !== turn) {
        this.warned = turn;
        this.live.textContent = t("Your time is running out: {time} left.", { time: clockText(left) });
      }
    } else {
      text = t("bank {time}", { time: clockText(clock.banks[seat]) });
      delete node.dataset.left;
    }
    if (node.textContent !== text) {
      node.textContent = text;
    }
    node.classList.toggle("running", clock.to_act === seat);
    node.classList.toggle("low", low);
  }
}

/** The clocks a new game may have: off, or seconds a move and a bank. */
const CLOCKS = [null, { move: 10, bank: 30 }, { move: 20, bank: 60 }, { move: 60, bank: 300 }];
/** The clock a rated game gets unless another is chosen (the server's DEFAULT_CLOCK). */
const RATED_CLOCK = 2;

function clockName(clock) {
  if (!clock) {
    return t("No clock");
  }
  return t("{move} s a move + {bank} bank", { move: clock.move, bank: clockText(clock.bank * 1000) });
}

/**
 * The new-game form's "Rated" checkbox and clock choice. ``refresh(ratable)`` enables the
 * checkbox where a rated game may be asked for (a signed-in player, people as opponents,
 * a preset unchanged; the server checks anyway); ``options()`` are the request's fields.
 * @param {boolean} signedIn whether the player is signed in to an account
 */
export function gameOptions(signedIn) {
  const rated = el("input", { type: "checkbox", name: "rated" });
  const clock = el("select", { name: "clock", "aria-label": t("Move clock") },
    CLOCKS.map((choice, index) => el("option", { value: String(index), text: clockName(choice) })));
  const noClock = clock.options[0];
  const sync = () => {
    noClock.disabled = rated.checked;
    if (rated.checked && clock.value === "0") {
      clock.value = String(RATED_CLOCK);
    }
  };
  rated.addEventListener("change", sync);
  const hint = signedIn
    ? t("Rated games are against people, by a preset's rules unchanged, with a clock.")
    : t("Sign in to play rated games.");
  return {
    nodes: [
      el("div.row", {}, [el("label", { text: t("Move clock") }), clock]),
      el("div.row.rated", {}, [el("label", {}, [rated, " ", t("Rated")]), el("span.rated-hint", { text: hint })]),
    ],
    refresh(ratable) {
      rated.disabled = !signedIn || !ratable;
      if (rated.disabled) {
        rated.checked = false;
      }
      sync();
    },
    get rated() {
      return rated.checked;
    },
    options() {
      const chosen = CLOCKS[Number(clock.value)];
      return { rated: rated.checked, ...(chosen ? { clock: chosen } : {}) };
    },
  };
}
