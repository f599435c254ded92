/**
 * The phone's calls to a défi's API. Each answers the JSON the route sends, or throws a
 * DefiCallError with the words to show (call-api.ts).
 */
import type { AnswerDefiInput } from "@common/contracts/defi/schemas";
import type { DefiLeaderboard, DefiOpened, DefiQuestionResults, DefiReveal, DefiState } from "@common/contracts/defi/types";
import type { Words } from "@common/i18n/ids";
import { callApi } from "~/call-api";

export class DefiCallError extends Error {
  constructor(
    readonly status: number,
    readonly words: Words,
  ) {
    super(words.id);
  }
}

async function call<T>(url: string, body?: unknown): Promise<T> {
  const r = await callApi<T>(url, { json: body });
  if (!r.ok) throw new DefiCallError(r.status, r.error);
  return r.value;
}

const base = (code: string) => `/api/defi/${encodeURIComponent(code)}`;

export const defiApi = {
  state: (code: string) => call<DefiState>(`${base(code)}/state`),
  join: (code: string, start: { name: string | undefined; adapted: boolean }) =>
    call<DefiState>(`${base(code)}/join`, { ...(start.name === undefined ? {} : { name: start.name }), ...(start.adapted ? { adapted: true } : {}) }),
  open: (code: string) => call<DefiOpened>(`${base(code)}/open`, {}),
  answer: (code: string, input: AnswerDefiInput) => call<DefiReveal>(`${base(code)}/answer`, input),
  ranking: (code: string) => call<DefiLeaderboard>(`${base(code)}/ranking`),
  /** Once the défi is over: question `index` (from 0) with its spot and everyone's answers. */
  answers: (code: string, index: number) => call<DefiQuestionResults>(`${base(code)}/answers/${index + 1}`),
};
