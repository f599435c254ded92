/**
 * Reading a request's body, never more of it than the route allows. The limit is enforced on
 * the stream itself: a body that announces no length (chunked) or lies about it is cut as soon
 * as it passes the limit and refused with 413, before anything is parsed or stored. Routes read
 * their body only after checking who is calling, so a stranger's upload is never read at all.
 */
import { MSG } from "@common/contracts/messages";
import { Refusal } from "./refusal.server";
import type { Words } from "@common/i18n/ids";

/** Everything but a file: a login, a folder name, the wizard's JSON, a launch. */
export const SMALL_BODY_BYTES = 64 * 1024;

/** Room around a file in a multipart body, for the boundary lines and the other fields. */
const FORM_FIELDS_BYTES = 64 * 1024;

/** The largest multipart body that can carry a file of at most `fileBytes`. */
export function uploadBodyBytes(fileBytes: number): number {
  return fileBytes + FORM_FIELDS_BYTES;
}

/**
 * The body's bytes, at most `maxBytes`; beyond, 413 with `tooLarge` (the stream is cancelled,
 * so the rest is never received).
 */
export async function readBody(request: Request, maxBytes: number, tooLarge: Words = MSG.bodyTooLarge): Promise<Uint8Array<ArrayBuffer>> {
  const declared = request.headers.get("Content-Length");
  if (declared !== null && Number(declared) > maxBytes) throw Refusal.tooLarge(tooLarge);
  if (!request.body) return new Uint8Array(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel().catch(() => undefined);
      throw Refusal.tooLarge(tooLarge);
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

/** The body's media type, lower-case, without its parameters. */
export const mediaType = (request: Request) => (request.headers.get("Content-Type") ?? "").split(";")[0]!.trim().toLowerCase();

/**
 * A form body (urlencoded or multipart) of at most `maxBytes`, or null when it cannot be read as
 * a form (the caller answers with its own French message).
 */
export async function readForm(request: Request, maxBytes: number, tooLarge?: Words): Promise<FormData | null> {
  const bytes = await readBody(request, maxBytes, tooLarge);
  const type = request.headers.get("Content-Type");
  if (!type) return null;
  return new Response(bytes, { headers: { "Content-Type": type } }).formData().catch(() => null);
}

/**
 * A JSON body of at most SMALL_BODY_BYTES. Only `Content-Type: application/json` is read: a
 * page on another site can send text/plain or a form without asking the browser first, never
 * JSON, so this alone keeps those out. An unreadable body is null.
 */
export async function readJson(request: Request): Promise<unknown> {
  if (mediaType(request) !== "application/json") throw Refusal.unsupportedMediaType(MSG.jsonExpected);
  const bytes = await readBody(request, SMALL_BODY_BYTES);
  try {
    return JSON.parse(new TextDecoder().decode(bytes));
  } catch {
    return null;
  }
}
