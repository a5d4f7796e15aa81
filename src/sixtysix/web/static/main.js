// The client's entry point: load the catalog, then route on the URL's hash.

import { loadCatalog, t } from "./i18n.js";
import { gamePage, helpPage, homePage, navigation, replayPage, rulesPage } from "./pages.js";
import { el, hideOverlay, settings } from "./ui.js";

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

async function route() {
  if (typeof current === "function") {
    current();
  } else if (current && current.stop) {
    current.stop();
  }
  current = null;
  hideOverlay();
  const root = document.getElementById("app");
  const [, page, id] = (location.hash || "#/").replace(/^#\/?/, "/").split("/");
  document.body.dataset.page = page || "home";
  try {
    if (page === "game" && id) {
      current = await gamePage(root, id, navigate);
    } else if (page === "replay" && id) {
      current = await replayPage(root, id);
    } else if (page === "rules") {
      await rulesPage(root);
    } else if (page === "help") {
      helpPage(root);
    } else {
      current = await homePage(root, navigate);
    }
  } catch {
    root.replaceChildren(el("p.note", { text: t("The server cannot be reached.") }));
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
