/**
 * The phone's calls to a défi's API. Each answers the JSON the route sends, or throws a
 * DefiCallError with the server's French sentence (or a network one).
 */
import type { AnswerDefiInput } from "@common/defi/schemas";
import type { DefiLeaderboard, DefiOpened, DefiReveal, DefiState } from "@common/defi/types";

export const NETWORK_ERROR = "Connexion impossible : vérifiez le réseau et réessayez";

export class DefiCallError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

async function call<T>(url: string, body?: unknown): Promise<T> {
  let res: Response;
  try {
    res = await fetch(url, {
      method: body === undefined ? "GET" : "POST",
      headers: body === undefined ? undefined : { "Content-Type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: "same-origin",
    });
  } catch {
    throw new DefiCallError(0, NETWORK_ERROR);
  }
  const json = (await res.json().catch(() => null)) as (T & { error?: string }) | null;
  if (!res.ok || json === null) throw new DefiCallError(res.status, json?.error ?? NETWORK_ERROR);
  return json;
}

const base = (code: string) => `/api/defi/${encodeURIComponent(code)}`;

export const defiApi = {
  state: (code: string) => call<DefiState>(`${base(code)}/state`),
  join: (code: string, name: string | undefined) => call<DefiState>(`${base(code)}/join`, name === undefined ? {} : { name }),
  open: (code: string) => call<DefiOpened>(`${base(code)}/open`, {}),
  answer: (code: string, input: AnswerDefiInput) => call<DefiReveal>(`${base(code)}/answer`, input),
  ranking: (code: string) => call<DefiLeaderboard>(`${base(code)}/ranking`),
};
