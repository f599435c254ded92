/**
 * The phone's calls to a défi's API. Each answers the body the route sends, read by its contract's
 * decoder, or throws a DefiCallError with the words to show (call-api.ts).
 */
import {
  decodeDefiJoined,
  decodeDefiLeaderboard,
  decodeDefiOpened,
  decodeDefiQuestionResults,
  decodeDefiReveal,
  decodeDefiState,
} from "@common/contracts/defi/decoders";
import type { Decoder } from "@common/contracts/decode";
import type { AnswerDefiInput } from "@common/contracts/defi/schemas";
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

async function call<T>(url: string, decode: Decoder<T>, body?: unknown): Promise<T> {
  const r = await callApi(url, decode, { json: body });
  if (!r.ok) throw new DefiCallError(r.status, r.error);
  return r.value;
}

const base = (code: string) => `/api/defi/${encodeURIComponent(code)}`;

export const defiApi = {
  state: (code: string) => call(`${base(code)}/state`, decodeDefiState),
  join: (code: string, start: { name: string | undefined; adapted: boolean }) =>
    call(`${base(code)}/join`, decodeDefiJoined, {
      ...(start.name === undefined ? {} : { name: start.name }),
      ...(start.adapted ? { adapted: true } : {}),
    }),
  open: (code: string) => call(`${base(code)}/open`, decodeDefiOpened, {}),
  answer: (code: string, input: AnswerDefiInput) => call(`${base(code)}/answer`, decodeDefiReveal, input),
  ranking: (code: string) => call(`${base(code)}/ranking`, decodeDefiLeaderboard),
  /** Once the défi is over: question `index` (from 0) with its spot and everyone's answers. */
  answers: (code: string, index: number) => call(`${base(code)}/answers/${index + 1}`, decodeDefiQuestionResults),
};
