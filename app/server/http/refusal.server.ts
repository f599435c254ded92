import { MSG } from "@common/contracts/messages";
import type { Words } from "@common/i18n/ids";
import type { Locale } from "@common/i18n/locales";
import { translator } from "../i18n/i18n.server";

/** The statuses the app answers on purpose; anything else that goes wrong is a 500. */
type RefusalStatus = 400 | 401 | 403 | 404 | 405 | 409 | 413 | 415 | 429;

/**
 * A request the app turns down on purpose: the HTTP status and the message the person reads,
 * worded in their language when the answer is made. Any server module may throw one, however deep; http.server.ts turns it into the answer
 * of the route (JSON for API routes, `{ error }` data for page actions, an error page for
 * loaders). `headers` carries what must travel with the refusal (a stale cookie deleted, Allow,
 * Retry-After).
 */
export class Refusal extends Error {
  readonly headers: Headers;

  constructor(
    readonly status: RefusalStatus,
    readonly words: Words,
    headers?: HeadersInit,
  ) {
    super(words.id);
    this.name = "Refusal";
    this.headers = new Headers(headers);
  }

  static badRequest(message: Words = MSG.required): Refusal {
    return new Refusal(400, message);
  }

  /** Nobody is logged in (on the side that was asked for). */
  static notAuthenticated(headers?: HeadersInit): Refusal {
    return new Refusal(401, MSG.notAuthenticated, headers);
  }

  /** A bad, expired or wrong-side token, another site's form, or a right the account lacks. */
  static forbidden(message: Words = MSG.wrongAuthentication, headers?: HeadersInit): Refusal {
    return new Refusal(403, message, headers);
  }

  /** Missing, or someone else's: the two must read the same, so nothing leaks about others. */
  static notFound(message: Words): Refusal {
    return new Refusal(404, message);
  }

  static methodNotAllowed(allowed: readonly string[]): Refusal {
    return new Refusal(405, MSG.methodNotAllowed, { Allow: allowed.join(", ") });
  }

  static conflict(message: Words): Refusal {
    return new Refusal(409, message);
  }

  static tooLarge(message: Words): Refusal {
    return new Refusal(413, message);
  }

  /** A body in another format than the route reads (a JSON call sent as text or as a form). */
  static unsupportedMediaType(message: Words): Refusal {
    return new Refusal(415, message);
  }

  static tooManyRequests(retryAfterSeconds?: number, message: Words = MSG.tooManyAttempts): Refusal {
    const headers = retryAfterSeconds === undefined ? undefined : { "Retry-After": String(Math.ceil(retryAfterSeconds)) };
    return new Refusal(429, message, headers);
  }
}

/** The one error shape of every JSON answer and every page action. */
export type ErrorBody = { error: string };

type ErrorAnswer = { status: number; body: ErrorBody; headers: Headers };

/**
 * What anything thrown becomes for the person who asked, in their language: a refusal as it is;
 * anything else is logged here and answered with the generic sentence, never a stack.
 */
export function errorAnswer(error: unknown, locale: Locale): ErrorAnswer {
  const t = translator(locale);
  if (error instanceof Refusal) {
    return { status: error.status, body: { error: t(error.words) }, headers: new Headers(error.headers) };
  }
  console.error(error);
  return { status: 500, body: { error: t(MSG.serverError) }, headers: new Headers() };
}

/** The JSON answer of a refusal or a failure: `{ error }` with its status, never cached. */
export function errorResponse(error: unknown, locale: Locale): Response {
  const { status, body, headers } = errorAnswer(error, locale);
  headers.set("Cache-Control", "no-store");
  return Response.json(body, { status, headers });
}
