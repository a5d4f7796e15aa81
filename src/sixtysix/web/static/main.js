// The client's entry point: load the catalog, then route on the URL's hash.

import { loadCatalog, t } from "./i18n.js";
import { gamePage, helpPage, homePage, navigation, replayPage, rulesPage } from "./pages.js";
import { el, hideOverlay, settings } from "./ui.js";
import { leaderboardPage } from "./leaderboard.js";
import { profilePage } from "./profile.js";

/** A path segment of the address, decoded ("" if it is malformed). */
function decoded(segment) {
  try {
    return decodeURIComponent(segment || "");
  } catch {
    return "";
  }
}

let current = null;

function navigate(hash) {
  if (location.hash === hash) {
    route();
  } else {
    location.hash = hash;
  }
}

function applySettings() {
  document.body.classList.toggle("pace-fast", settings.get("pace") === "fast");
  document.body.classList.toggle("pace-off", settings.get("pace") === "off");
}

/** End what the current page runs: its table and socket, its timers, its keys. */
function leave(page) {
  if (typeof page === "function") {
    page();
  } else if (page && page.stop) {
    page.stop();
  }
}

let generation = 0;

/** Show the page the address names. Each route draws into a fresh container of its own, so a
 * page that is still loading when the address changes again draws nowhere, and is left at
 * once when it is done. */
async function route() {
  generation += 1;
  const mine = generation;
  leave(current);
  current = null;
  hideOverlay();
  const root = document.getElementById("app");
  const container = el("div.route");
  root.replaceChildren(container);
  const [, page, id] = (location.hash || "#/").replace(/^#\/?/, "/").split("/");
  document.body.dataset.page = page || "home";
  let made = null;
  try {
    if (page === "game" && id) {
      made = await gamePage(container, id, navigate);
    } else if (page === "replay" && id) {
      made = await replayPage(container, id);
    } else if (page === "rules") {
      await rulesPage(container, id || null);
    } else if (page === "leaderboard") {
      await leaderboardPage(container, id || "classic", navigate);
    } else if (page === "player" && id) {
      await profilePage(container, decoded(id));
    } else if (page === "help") {
      helpPage(container);
    } else {
      made = await homePage(container, navigate);
    }
  } catch {
    container.replaceChildren(el("p.note", { text: t("The server cannot be reached.") }));
  }
  if (mine === generation) {
    current = made;
  } else {
    leave(made);
  }
}

async function start() {
  await loadCatalog();
  document.title = t("Sixty-Six");
  document.getElementById("nav").replaceChildren(...navigation());
  document.getElementById("brand").title = t("Sixty-Six: home");
  applySettings();
  document.addEventListener("settings", applySettings);
  window.addEventListener("hashchange", route);
  await route();
}

start();
