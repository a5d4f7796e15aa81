// Quick pairing on the home page: "Play a person now" under a preset, rated (signed-in
// players only) or casual. The page asks the server for a seek (POST /api/pairing), reads it
// every second until it is paired, then goes to the game; Cancel, or leaving the page,
// cancels it (docs/WEB-PROTOCOL.md, "Quick pairing").

import { ApiError, request } from "./api.js";
import { clockText } from "./clock.js";
import { t } from "./i18n.js";
import { el } from "./ui.js";

const POLL_MS = 1000;

const pairing = {
  seek: (rules, rated) => request("POST", "/api/pairing", { rules, rated }),
  read: (id) => request("GET", `/api/pairing/${encodeURIComponent(id)}`),
  cancel: (id) => request("DELETE", `/api/pairing/${encodeURIComponent(id)}`),
};

/** The ratings a waiting seek accepts, in words. */
function rangeText(seek) {
  if (!seek.rated) {
    return t("Any opponent: casual games are not rated.");
  }
  return seek.range
    ? t("Opponents rated {low} to {high}.", { low: seek.range.low, high: seek.range.high })
    : t("Opponents of any rating.");
}

/**
 * The "Play a person now" panel.
 * @param {Object} options the server's options (its presets)
 * @param {boolean} signedIn whether the player has an account (only they may ask for rated games)
 * @param {function(string)} navigate goes to an address of the client
 * @param {function(Error): string} errorText an error in words
 * @returns {{element: HTMLElement, stop: function()}} the panel, and what leaving the page runs:
 *   it cancels a seek still waiting
 */
export function pairingPanel(options, signedIn, navigate, errorText) {
  const preset = el("select", { name: "pairing-preset", "aria-label": t("Rules") },
    options.presets.map((name) => el("option", { value: name, text: name })));
  const rated = el("input", { type: "checkbox", name: "pairing-rated" });
  const start = el("button.primary", { type: "button", "data-pair": "start", text: t("Play a person now") });
  const cancel = el("button", { type: "button", "data-pair": "cancel", text: t("Cancel") });
  const waiting = el("p.pairing-wait", { role: "status", "aria-live": "polite" });
  const range = el("p.pairing-range");
  const note = el("p.note", { role: "alert" });
  const idle = el("div.pairing-idle", {}, [
    el("div.row", {}, [el("label", { text: t("Rules") }), preset]),
    signedIn ? el("label.setting", {}, [rated, el("span", { text: t("Rated") })]) : null,
    el("div.buttons", {}, [start]),
  ]);
  const busy = el("div.pairing-busy", { hidden: true }, [waiting, range, el("div.buttons", {}, [cancel])]);
  let seek = null;
  let timer = null;

  const show = () => {
    const looking = seek !== null && seek.status === "waiting";
    idle.hidden = looking;
    busy.hidden = !looking;
    if (looking) {
      waiting.textContent = t("Looking for an opponent… {time}", { time: clockText(seek.waited * 1000) });
      range.textContent = rangeText(seek);
    }
  };
  const stopPolling = () => {
    clearInterval(timer);
    timer = null;
  };
  const update = (fresh) => {
    seek = fresh;
    if (seek.status === "paired") {
      stopPolling();
      navigate(`#/game/${seek.game}`);
      return;
    }
    if (seek.status === "cancelled") {
      stopPolling();
      note.textContent = t("The search was cancelled.");
      seek = null;
    }
    show();
  };
  const fail = (error) => {
    note.textContent = error instanceof ApiError && error.code === "account_required"
      ? t("Rated games are for signed-in players.")
      : errorText(error);
  };
  const poll = async () => {
    if (seek === null) {
      return;
    }
    const mine = seek;
    try {
      const fresh = (await pairing.read(mine.id)).seek;
      if (seek === mine) {
        update(fresh);
      }
    } catch (error) {
      if (seek !== mine) {
        return;
      }
      stopPolling();
      seek = null;
      fail(error);
      show();
    }
  };
  start.addEventListener("click", async () => {
    note.textContent = "";
    start.disabled = true;
    try {
      update((await pairing.seek(preset.value, signedIn && rated.checked)).seek);
      if (seek !== null && seek.status === "waiting") {
        timer = setInterval(poll, POLL_MS);
        cancel.focus();
      }
    } catch (error) {
      fail(error);
    } finally {
      start.disabled = false;
    }
  });
  cancel.addEventListener("click", async () => {
    stopPolling();
    const mine = seek;
    seek = null;
    show();
    start.focus();
    if (mine !== null) {
      try {
        const answer = (await pairing.cancel(mine.id)).seek;
        if (answer.status === "paired") {
          navigate(`#/game/${answer.game}`);
        }
      } catch (error) {
        fail(error);
      }
    }
  });
  const element = el("section.card-panel.pairing", {}, [
    el("h2", { text: t("Play a person now") }), idle, busy, note,
  ]);
  const stop = () => {
    stopPolling();
    if (seek !== null && seek.status === "waiting") {
      pairing.cancel(seek.id).catch(() => {});
    }
    seek = null;
  };
  return { element, stop };
}
