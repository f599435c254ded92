/**
 * A défi's code as players ask for it (its page, its leaderboard, its API): the code door
 * (code-door.server.ts) with the room numbers' count (THROTTLE_RULES.codeGuess). A code this
 * isolate has found costs nothing; any other is counted for the asking address before D1 is
 * read, given back if the défi exists, and refused with 429 once the address is over, whatever
 * the code. The routes call it before the défi's own lookup (defi-store.server.ts).
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { eq } from "drizzle-orm";
import { defis } from "@db/schema";
import { DEFI_CODE, DEFI_MSG } from "@common/rules";
import { CodeDoor, KnownCodes } from "../throttle/code-door.server";
import { Refusal } from "../http/refusal.server";
import { reserveCodeGuess } from "../throttle/throttle.server";

/** Défi codes this isolate knows, addresses it knows to be over their count. */
const door = new CodeDoor(new KnownCodes());

export async function requireDefiCode(context: AppLoadContext, address: string, code: string | undefined): Promise<void> {
  // A code of the wrong shape reads nothing (the défi's lookup refuses it as it is): no guess.
  if (!code || !DEFI_CODE.test(code)) return;
  const knock = await door.knock(code, address, {
    reserve: () => reserveCodeGuess(context.cloudflare.env, address),
    isLive: async (c) => (await context.db.select({ code: defis.code }).from(defis).where(eq(defis.code, c)).limit(1)).length > 0,
    excused: async () => false,
  });
  if (knock.open) return;
  throw knock.status === 429 ? Refusal.tooManyRequests(knock.retryAfterMs / 1000) : Refusal.notFound(DEFI_MSG.notFound);
}
