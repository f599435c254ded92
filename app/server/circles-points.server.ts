import { eq } from "drizzle-orm";
import type { Db } from "@db/client";
import { settings } from "@db/schema";
import { MSG } from "@common/messages";
import { DEFAULT_RING_POINTS, MAX_POINTS, RING_RADII_M, isRingPoints, type RingPoints } from "@common/rules";
import { Refusal } from "./refusal.server";

/**
 * Points of the target's rings (settings key 'circlesPoints'), for the radii of common/rules;
 * the room takes a copy when a game is launched.
 */
const KEY = "circlesPoints";

export async function readCirclesPoints(db: Db): Promise<RingPoints> {
  const [row] = await db.select().from(settings).where(eq(settings.key, KEY)).limit(1);
  return isRingPoints(row?.value) ? ([...row.value] as RingPoints) : [...DEFAULT_RING_POINTS];
}

export const MSG_POINTS = {
  notNumber: `Les points doivent être des nombres entre 0 et ${MAX_POINTS}`,
} as const;

/** Every ring's points are required and numeric ('2,5' is read as 2.5): docs/game-rules.md, Scoring. */
export function parseCirclesPoints(raw: readonly unknown[]): RingPoints {
  if (raw.length !== RING_RADII_M.length || raw.some((v) => typeof v !== "string" || v.trim() === "")) {
    throw Refusal.badRequest(MSG.required);
  }
  const values = raw.map((v) => Number((v as string).trim().replace(",", ".")));
  if (!isRingPoints(values)) throw Refusal.badRequest(MSG_POINTS.notNumber);
  return values;
}

export async function saveCirclesPoints(db: Db, points: RingPoints) {
  await db
    .insert(settings)
    .values({ key: KEY, value: points })
    .onConflictDoUpdate({ target: settings.key, set: { value: points } });
}
