// The translation functions: every visible string of the client goes through t(), or
// tn() where the words depend on a number. Messages come from the server's gettext catalog
// (GET /i18n/{lang}.json) of the language the page is served in (GET /api/language: the
// language menu's cookie, else the browser's Accept-Language); a message missing from the
// catalog shows its English msgid. Plural forms are ordered by the language's CLDR plural
// categories, which the browser's Intl.PluralRules picks from with the same CLDR data, and
// numbers are written as the language writes them (Intl.NumberFormat), in the Latin digits
// of the scores, cards and the terminal (Babel), so that no page mixes two kinds of digit.

import { csrfToken } from "./api.js";

let messages = {};
let plurals = {};
let categories = ["one", "other"];
let pluralRules = new Intl.PluralRules("en");
let numbers = new Intl.NumberFormat("en");
let language = "en";
let menu = [{ code: "en", name: "English" }];

async function json(path, init) {
  const response = await fetch(path, { credentials: "same-origin", ...init });
  if (!response.ok) {
    throw new Error(`${path}: ${response.status}`);
  }
  return response.json();
}

/** Load the catalog of the language the page is served in, falling back to English. */
export async function loadCatalog() {
  let wanted = document.documentElement.lang || "en";
  try {
    const served = await json("/api/language");
    wanted = served.language;
    menu = served.languages;
  } catch {
    // Offline: the language the page came in stands.
  }
  for (const lang of wanted === "en" ? ["en"] : [wanted, "en"]) {
    try {
      const body = await json(`/i18n/${encodeURIComponent(lang)}.json`);
      messages = body.messages || {};
      plurals = body.plurals || {};
      categories = body.plural_categories || ["one", "other"];
      pluralRules = new Intl.PluralRules(lang);
      numbers = new Intl.NumberFormat(lang, { numberingSystem: "latn" });
      language = lang;
      document.documentElement.lang = lang;
      return;
    } catch {
      // Offline or no catalog: the English msgids stand.
    }
  }
}

/** The languages of the menu, in order: each {code, name} with its name in itself. */
export function languages() {
  return menu;
}

/** Serve the page in another language from now on (the server keeps it in a cookie). */
export async function chooseLanguage(code) {
  await json("/api/language", {
    method: "PUT",
    headers: { "Content-Type": "application/json", "X-CSRF-Token": csrfToken() },
    body: JSON.stringify({ language: code }),
  });
}

/** The current language code. */
export function currentLanguage() {
  return language;
}

/**
 * Translate a message and fill its {placeholders}.
 * @param {string} msgid the English text, also the key in the catalog
 * @param {Object<string, string|number>} [params]
 */
export function t(msgid, params) {
  return fill(messages[msgid] || msgid, params);
}

/**
 * Translate a message whose words depend on a number, and fill its {placeholders};
 * {n} is the number unless the parameters say otherwise.
 * @param {string} singular the English text for one
 * @param {string} plural the English text for any other number
 * @param {number} n the number
 * @param {Object<string, string|number>} [params]
 */
export function tn(singular, plural, n, params = {}) {
  const forms = plurals[singular];
  let text;
  if (forms) {
    const index = categories.indexOf(pluralRules.select(n));
    text = forms[index < 0 ? forms.length - 1 : index];
  } else {
    text = n === 1 ? singular : plural;
  }
  return fill(text, { n, ...params });
}

function fill(text, params) {
  if (!params) {
    return text;
  }
  return text.replace(/\{(\w+)\}/g, (whole, key) => {
    if (!(key in params)) {
      return whole;
    }
    const value = params[key];
    return typeof value === "number" ? numbers.format(value) : String(value);
  });
}
