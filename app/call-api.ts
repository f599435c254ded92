/**
 * The browser's one way to call the app's JSON API (docs/decisions/009): every answer becomes
 * something a screen can show. A success gives the body as the call's contract reads it (its
 * decoder, common/contracts/), never a body cast to a type: a body that is not what the contract
 * says is the network message, as one that is not JSON at all. A refusal gives the
 * server's `error` (worded in the page's language by the server), or a message chosen by its
 * status when the answer carries none (an HTML error page from a proxy, an empty body); no answer
 * at all gives the network message. Every error is words (`t(error)` shows it).
 * Forms that a page posts itself go through Remix; this is for the screens that call the API
 * while they stay on the page (the wizard, the admin's tables, a défi on a phone).
 */
import { MSG } from "@common/contracts/messages";
import type { Words } from "@common/i18n/ids";
import type { Decoder } from "@common/contracts/decode";
import { said } from "@common/i18n/words";

export type ApiResult<T> = { ok: true; value: T; status: number } | { ok: false; error: Words; status: number };

export type ApiCall = {
  method?: "GET" | "POST" | "PATCH" | "DELETE";
  /** Sent as JSON. */
  json?: unknown;
  /** Sent as multipart. */
  form?: FormData;
  /** How a success's body is read before its decoder sees it: JSON (the default), or text. */
  read?: "json" | "text";
  /** Messages for statuses whose answer carries no `error` of its own. */
  fallback?: Partial<Record<number, Words>>;
  signal?: AbortSignal;
  cache?: RequestCache;
};

/** The message for a refusal whose body says nothing readable. */
export function refusalSentence(status: number, fallback: ApiCall["fallback"] = {}): Words {
  const own = fallback[status];
  if (own) return own;
  if (status === 401) return MSG.notAuthenticated;
  if (status === 403) return MSG.wrongAuthentication;
  if (status === 413) return MSG.bodyTooLarge;
  return MSG.serverError;
}

/** The `error` of a refusal's body, when it has one. */
export function errorOf(body: unknown): Words | null {
  const error = (body as { error?: unknown } | null)?.error;
  return typeof error === "string" && error ? said(error) : null;
}

export async function callApi<T>(url: string, decode: Decoder<T>, call: ApiCall = {}): Promise<ApiResult<T>> {
  const { json, form, read = "json", fallback, signal, cache } = call;
  const method = call.method ?? (json !== undefined || form ? "POST" : "GET");
  let res: Response;
  try {
    res = await fetch(url, {
      method,
      credentials: "same-origin",
      headers: json !== undefined ? { "Content-Type": "application/json", Accept: "application/json" } : { Accept: "application/json" },
      body: json !== undefined ? JSON.stringify(json) : form,
      signal,
      cache,
    });
  } catch (e) {
    if (signal?.aborted) throw e;
    return { ok: false, error: MSG.network, status: 0 };
  }
  if (!res.ok) {
    const body: unknown = await res.json().catch(() => null);
    return { ok: false, error: errorOf(body) ?? refusalSentence(res.status, fallback), status: res.status };
  }
  let value: T | null;
  try {
    const body: unknown = read === "text" ? await res.text() : await res.json();
    value = decode(body);
  } catch (e) {
    if (signal?.aborted) throw e;
    value = null;
  }
  // A success whose body did not arrive whole, is not JSON or is not what the contract says: the
  // call did not do what it said.
  if (value === null) return { ok: false, error: MSG.network, status: res.status };
  return { ok: true, value, status: res.status };
}
