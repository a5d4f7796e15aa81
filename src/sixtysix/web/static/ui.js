// Small DOM helpers and the player's settings, kept in localStorage.

/**
 * Create an HTML element.
 * @param {string} tag a tag name, optionally with classes: "button.primary.big"
 * @param {Object} [attrs] attributes; "text" sets textContent, "on" maps events to handlers
 * @param {Array<Node|string>} [children]
 */
export function el(tag, attrs = {}, children = []) {
  const [name, ...classes] = tag.split(".");
  const node = document.createElement(name);
  if (classes.length) {
    node.className = classes.join(" ");
  }
  for (const [key, value] of Object.entries(attrs)) {
    if (value === undefined || value === null || value === false) {
      continue;
    }
    if (key === "text") {
      node.textContent = value;
    } else if (key === "on") {
      for (const [event, handler] of Object.entries(value)) {
        node.addEventListener(event, handler);
      }
    } else if (key === "class") {
      node.className = [node.className, value].filter(Boolean).join(" ");
    } else if (value === true) {
      node.setAttribute(key, "");
    } else {
      node.setAttribute(key, String(value));
    }
  }
  for (const child of children) {
    if (child !== null && child !== undefined && child !== false) {
      node.append(child);
    }
  }
  return node;
}

/** Wait a number of milliseconds. */
export function sleep(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

const KEY = "sixtysix.settings";
const DEFAULTS = { memory: false, pace: "normal", explainClose: true };

/** The player's settings: memory mode, the pace of the opponent's moves and whether
 * closing the stock explains itself first. */
export const settings = {
  values: { ...DEFAULTS, ...JSON.parse(localStorage.getItem(KEY) || "{}") },
  get(name) {
    return this.values[name];
  },
  set(name, value) {
    this.values[name] = value;
    localStorage.setItem(KEY, JSON.stringify(this.values));
    document.dispatchEvent(new CustomEvent("settings"));
  },
};

/** How long the table shows each of the other side's moves, and each animation, in ms. */
export function paceMs(kind) {
  const table = {
    normal: { move: 700, anim: 320 },
    fast: { move: 150, anim: 80 },
    off: { move: 0, anim: 0 },
  };
  return (table[settings.get("pace")] || table.normal)[kind];
}

let dismissOverlay = null;

/** Show a modal dialog in the overlay, named by its first heading; returns a function that
 * closes it. ``onDismiss`` is called if something else closes it first (another dialog, a
 * change of page). */
export function showOverlay(content, className = "", onDismiss = null) {
  hideOverlay();
  const overlay = document.getElementById("overlay");
  const heading = content.querySelector("h2");
  if (heading && !heading.id) {
    heading.id = "dialog-title";
  }
  overlay.replaceChildren(el("div.dialog", {
    class: className, role: "dialog", "aria-modal": "true", "aria-labelledby": heading ? heading.id : null,
  }, [content]));
  overlay.hidden = false;
  const close = () => {
    if (dismissOverlay === dismiss) {
      dismissOverlay = null;
      overlay.hidden = true;
      overlay.replaceChildren();
    }
  };
  const dismiss = () => {
    close();
    if (onDismiss) {
      onDismiss();
    }
  };
  dismissOverlay = dismiss;
  return close;
}

/** Close the dialog shown, if any, as dismissed. */
export function hideOverlay() {
  if (dismissOverlay) {
    dismissOverlay();
  }
}

/**
 * Ask before a weighty decision. Resolves true only on one deliberate act: a click on the
 * confirming button, or ``key`` pressed again while the dialog is open. Escape, the other
 * button, Enter or space on the first focused button (the one that keeps things as they
 * are), or anything else closing the dialog resolve false. No key reaches the page beneath.
 * @param {Object} options title, body (strings or nodes), confirm and cancel labels,
 *   key (the keyboard key that opened it), extra (a node under the text), danger
 */
export function confirmDialog({ title, body, confirm, cancel, key = null, extra = null, danger = true }) {
  return new Promise((resolve) => {
    let settled = false;
    let close = null;
    const settle = (answer) => {
      if (!settled) {
        settled = true;
        document.removeEventListener("keydown", onKey, true);
        resolve(answer);
      }
    };
    const finish = (answer) => {
      close();
      settle(answer);
    };
    const onKey = (event) => {
      event.stopPropagation();
      const inside = event.target.closest && event.target.closest("#overlay");
      if (event.key === "Escape") {
        event.preventDefault();
        finish(false);
      } else if (key && event.key.toLowerCase() === key && !event.repeat) {
        event.preventDefault();
        finish(true);
      } else if (event.key === "Tab") {
        trapFocus(event);
      } else if ((event.key === "Enter" || event.key === " ") && !inside) {
        event.preventDefault();
      }
    };
    const keep = el("button", { type: "button", "data-confirm": "no", text: cancel, on: { click: () => finish(false) } });
    const yes = el(danger ? "button.danger" : "button.primary", {
      type: "button", "data-confirm": "yes", text: confirm, on: { click: () => finish(true) },
    });
    const content = el("div.confirm", {}, [
      el("h2", { text: title }),
      ...body.map((part) => (typeof part === "string" ? el("p", { text: part }) : part)),
      extra,
      el("div.buttons", {}, [keep, yes]),
    ]);
    close = showOverlay(content, "confirm-dialog", () => settle(false));
    document.addEventListener("keydown", onKey, true);
    keep.focus();
  });
}

/** Keep Tab and Shift+Tab inside the open dialog. */
function trapFocus(event) {
  const focusable = [...document.querySelectorAll("#overlay button, #overlay a[href], #overlay input")];
  if (!focusable.length) {
    return;
  }
  const first = focusable[0];
  const last = focusable[focusable.length - 1];
  if (event.shiftKey && document.activeElement === first) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && document.activeElement === last) {
    event.preventDefault();
    first.focus();
  }
}
