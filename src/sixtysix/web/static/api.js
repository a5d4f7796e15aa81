// The server's HTTP API (docs/WEB-PROTOCOL.md).

export class ApiError extends Error {
  constructor(status, code, message, retryAfter = null) {
    super(message);
    this.status = status;
    this.code = code;
    this.retryAfter = retryAfter;
  }
}

/** The token of the server's CSRF cookie, which every state-changing request repeats in the
 * X-CSRF-Token header. */
export function csrfToken() {
  const found = document.cookie.split("; ").find((pair) => pair.startsWith("sixtysix_csrf="));
  return found ? found.slice("sixtysix_csrf=".length) : "";
}

/** A request to the API: its JSON (or text) reply, or an ApiError. */
export async function request(method, path, body) {
  const init = { method, headers: {}, credentials: "same-origin" };
  if (method !== "GET") {
    init.headers["X-CSRF-Token"] = csrfToken();
  }
  if (body !== undefined) {
    init.headers["Content-Type"] = "application/json";
    init.body = JSON.stringify(body);
  }
  const response = await fetch(path, init);
  const type = response.headers.get("Content-Type") || "";
  const data = type.includes("json") ? await response.json() : await response.text();
  if (!response.ok) {
    const error = (data && data.error) || {};
    const retry = Number(response.headers.get("Retry-After"));
    throw new ApiError(response.status, error.code || "http", error.message || response.statusText,
      Number.isFinite(retry) && retry > 0 ? retry : null);
  }
  return data;
}

export const api = {
  me: () => request("GET", "/api/me"),
  guest: (name) => request("POST", "/api/guest", { name }),
  options: () => request("GET", "/api/options"),
  create: (body) => request("POST", "/api/games", body),
  lobby: () => request("GET", "/api/lobby"),
  join: (id) => request("POST", `/api/games/${encodeURIComponent(id)}/join`),
  game: (id) => request("GET", `/api/games/${encodeURIComponent(id)}`),
  replay: (id) => request("GET", `/api/games/${encodeURIComponent(id)}/replay`),
  history: () => request("GET", "/api/history"),
  signUp: (name, password) => request("POST", "/api/account", { name, password }),
  signIn: (name, password) => request("POST", "/api/session", { name, password }),
  signOut: () => request("DELETE", "/api/session"),
  changePassword: (old, password) => request("POST", "/api/account/password", { old, new: password }),
  deleteAccount: (password) => request("DELETE", "/api/account", { password }),
  leaderboard: (kind) => request("GET", `/api/leaderboard/${encodeURIComponent(kind)}`),
  profile: (name) => request("GET", `/api/players/${encodeURIComponent(name)}`),
  strengths: () => request("GET", "/api/levels/strength"),
};

export function recordUrl(id) {
  return `/api/games/${encodeURIComponent(id)}/record`;
}

export function socketUrl(id) {
  const scheme = location.protocol === "https:" ? "wss:" : "ws:";
  return `${scheme}//${location.host}/ws/games/${encodeURIComponent(id)}`;
}
