// The translation functions: every visible string of the client goes through t(), or
// tn() where the words depend on a number. Messages come from the server's gettext catalog
// (GET /i18n/{lang}.json); a message missing from the catalog shows its English msgid.
// Plural forms are ordered by the language's CLDR plural categories, which the browser's
// Intl.PluralRules picks from with the same CLDR data.

let messages = {};
let plurals = {};
let categories = ["one", "other"];
let pluralRules = new Intl.PluralRules("en");
let language = "en";

/** Load the catalog of the browser's language, falling back to English. */
export async function loadCatalog() {
  const wanted = (navigator.language || "en").split("-")[0].toLowerCase();
  for (const lang of wanted === "en" ? ["en"] : [wanted, "en"]) {
    try {
      const response = await fetch(`/i18n/${lang}.json`);
      if (response.ok) {
        const body = await response.json();
        messages = body.messages || {};
        plurals = body.plurals || {};
        categories = body.plural_categories || ["one", "other"];
        pluralRules = new Intl.PluralRules(lang);
        language = lang;
        document.documentElement.lang = lang;
        return;
      }
    } catch {
      // Offline or no catalog: the English msgids stand.
    }
  }
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
  return text.replace(/\{(\w+)\}/g, (whole, key) => (key in params ? String(params[key]) : whole));
}
