// The server's JSON API (docs/web-api.md). The server is the only authority: the page
// never decides an outcome, it only shows the views and events it is sent.

export class ApiError extends Error {
  constructor(status, error) {
    super(error?.message || `HTTP ${status}`);
    this.status = status;
    this.error = error || { code: "http", message: `HTTP ${status}`, params: {} };
  }
}

/** Call the API; JSON in, JSON out; a refusal throws ApiError with the server's reason. */
export async function api(method, path, body) {
  const init = { method, headers: { Accept: "application/json" }, credentials: "same-origin" };
  if (body !== undefined) {
    init.headers["Content-Type"] = "application/json";
    init.body = JSON.stringify(body);
  }
  const res = await fetch(path, init);
  if (res.status === 204) return null; // "nothing here": e.g. no game in progress yet
  let data = null;
  try { data = await res.json(); } catch { data = null; }
  if (!res.ok) throw new ApiError(res.status, data?.error);
  return data;
}

/** A fresh id so that a retried action is recognised and never played twice. */
export function requestId() {
  if (globalThis.crypto?.randomUUID) return crypto.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
}

/** Send an action, retrying once with the same request id if the network fails. */
export async function sendAction(gameId, action, version) {
  const body = { action, version, request_id: requestId() };
  const path = `/api/games/${encodeURIComponent(gameId)}/actions`;
  try {
    return await api("POST", path, body);
  } catch (e) {
    if (e instanceof ApiError) throw e;
    return api("POST", path, body);
  }
}
