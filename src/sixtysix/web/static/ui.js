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
const DEFAULTS = { memory: false, pace: "normal" };

/** The player's settings: memory mode and the pace of the opponent's moves. */
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

/** Show a modal dialog in the overlay; returns a function that closes it. */
export function showOverlay(content, className = "") {
  const overlay = document.getElementById("overlay");
  overlay.replaceChildren(el("div.dialog", { class: className, role: "dialog", "aria-modal": "true" }, [content]));
  overlay.hidden = false;
  return () => {
    overlay.hidden = true;
    overlay.replaceChildren();
  };
}

export function hideOverlay() {
  const overlay = document.getElementById("overlay");
  overlay.hidden = true;
  overlay.replaceChildren();
}
