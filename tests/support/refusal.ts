/** What a call the app refuses answers, read the same way by the unit and the workers tests. */
import { translator } from "~/server/i18n/i18n.server";
import { Refusal } from "~/server/http/refusal.server";

/** A call refused by the app: its status, and its message as a French reader gets it. */
export async function refusal(promise: Promise<unknown>): Promise<{ status: number; error: string }> {
  try {
    await promise;
  } catch (thrown) {
    if (thrown instanceof Refusal) return { status: thrown.status, error: translator("fr")(thrown.words) };
    throw thrown;
  }
  throw new Error("aurait dû être refusé");
}
