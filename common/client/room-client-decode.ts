/**
 * Decodes what a game room sends, against the table of common/wire/server-to-client.ts: small on
 * purpose, the phone's bundle carries it (zod would weigh more than the phone's whole game).
 */
import { type ServerMessage, serverMessages } from "../wire/server-to-client";

/** The message if `data` is one the protocol knows, with the fields its type requires; else null. */
export function decodeServerMessage(data: unknown): ServerMessage | null {
  if (typeof data !== "string") return null;
  let value: unknown;
  try {
    value = JSON.parse(data);
  } catch {
    return null;
  }
  return serverMessages.check(value);
}
