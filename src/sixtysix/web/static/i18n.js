// The one translation function: every visible string of the client goes through t().
// Messages come from the server's gettext catalog (GET /i18n/{lang}.json); a message
// missing from the catalog shows its English msgid.

let messages = {};
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
  const text = messages[msgid] || msgid;
  if (!params) {
    return text;
  }
  return text.replace(/\{(\w+)\}/g, (whole, key) => (key in params ? String(params[key]) : whole));
}
