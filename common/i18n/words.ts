/**
 * Words carried as text: zod's issues, and a few other places that hold a plain string, carry a
 * message id and its values as `id` or `id|{"max":50}`, read back here before being worded.
 */
import type { MessageId, MessageValues, Words } from "./ids";

const SEP = "|";

/** Words as a string (a zod message). */
export function wordsText(message: MessageId | Words): string {
  if (typeof message === "string") return message;
  return message.values ? `${message.id}${SEP}${JSON.stringify(message.values)}` : message.id;
}

/** The words a string made by wordsText carries. */
export function wordsOf(text: string): Words {
  const at = text.indexOf(SEP);
  if (at < 0) return { id: text as MessageId };
  let values: MessageValues | undefined;
  try {
    values = JSON.parse(text.slice(at + 1)) as MessageValues;
  } catch {
    values = undefined;
  }
  return { id: text.slice(0, at) as MessageId, values };
}

/** A message to word later, with its values: what the message constants of the code hold. */
export const m = (id: MessageId, values?: MessageValues): Words => (values ? { id, values } : { id });

/**
 * A sentence already worded elsewhere (the server's `error`, in the reader's language), as words:
 * so a screen words every message the same way, whoever made it.
 */
export const said = (text: string): Words => ({ id: "common.said", values: { text } });

/** An id alone or words, as words. */
export const asWords = (message: MessageId | Words): Words => (typeof message === "string" ? { id: message } : message);
