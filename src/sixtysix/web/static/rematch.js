// The rematch of a finished match, as its seated persons see it: "Rematch" (or "Play
// again" against the computer alone), the offer in words, Accept and Decline. The state of
// the offer is the server's (`state.rematch`, docs/WEB-PROTOCOL.md); the buttons send
// `rematch` and `rematch_decline`.

import { currentLanguage, t } from "./i18n.js";
import { personSeats, seatNames } from "./names.js";
import { el } from "./ui.js";

/** Names in a list of the page's language: "Bob", "Bob and Cat". */
function nameList(names) {
  return new Intl.ListFormat(currentLanguage(), { type: "conjunction" }).format(names);
}

/** What the offer's state says, for the player in seat ``you``. */
function words(rematch, names, persons, you) {
  if (rematch === null) {
    return "";
  }
  const name = names[rematch.by];
  switch (rematch.status) {
    case "started":
      return t("The new game is starting…");
    case "declined":
      return rematch.by === you ? t("You declined the rematch.") : t("{name} declined the rematch.", { name });
    case "left":
      return t("{name} left the table.", { name });
    default: {
      const offer = rematch.by === you ? t("You offer a rematch.") : t("{name} offers a rematch.", { name });
      const waiting = persons.filter((seat) => !rematch.accepted.includes(seat) && seat !== you);
      if (!waiting.length || !rematch.accepted.includes(you)) {
        return offer;
      }
      const others = t("Waiting for {name}.", { name: nameList(waiting.map((seat) => names[seat])) });
      return `${offer} ${others}`;
    }
  }
}

/**
 * The rematch panel of a finished match, or null for a spectator.
 * @param {Object} game the Game of the protocol
 * @param {Object|null} rematch the state's rematch
 * @param {function(Object)} send sends a message over the game's socket
 */
export function rematchPanel(game, rematch, send) {
  const you = game.your_seat;
  if (you === null || you === undefined || game.status !== "over") {
    return null;
  }
  const names = seatNames(game).map((name) => name || "?");
  const persons = personSeats(game);
  const button = (text, type, primary = false) => el(primary ? "button.primary" : "button", {
    type: "button", "data-rematch": type, text, on: { click: () => send({ type }) },
  });
  const offered = rematch !== null && rematch.status === "offered";
  const buttons = [];
  if (rematch === null || rematch.status === "declined" || rematch.status === "left") {
    buttons.push(button(persons.length > 1 ? t("Rematch") : t("Play again"), "rematch", true));
  } else if (offered && rematch.accepted.includes(you)) {
    buttons.push(button(t("Withdraw the offer"), "rematch_decline"));
  } else if (offered) {
    buttons.push(button(t("Accept"), "rematch", true), button(t("Decline"), "rematch_decline"));
  }
  return el("div.rematch", { role: "group", "aria-label": t("Rematch") }, [
    el("p.rematch-state", { role: "status", "aria-live": "polite", text: words(rematch, names, persons, you) }),
    el("div.buttons", {}, buttons),
  ]);
}
