import { eq } from "drizzle-orm";
import type { Db } from "@db/client";
import { settings } from "@db/schema";
import { MSG } from "@common/messages";
import { DEFAULT_CIRCLES_POINTS, MAX_POINTS, RING_RADII_M, isCirclesPoints, type CirclesPoints } from "@common/rules";
import { Refusal } from "./refusal.server";

/**
 * Points of the target's rings (settings key 'circlesPoints'), for the radii of common/rules;
 * the room takes a copy when a game is launched.
 */
const KEY = "circlesPoints";

export async function readCirclesPoints(db: Db): Promise<CirclesPoints> {
  const [row] = await db.select().from(settings).where(eq(settings.key, KEY)).limit(1);
  return isCirclesPoints(row?.value) ? ([...row.value] as CirclesPoints) : [...DEFAULT_CIRCLES_POINTS];
}

export const MSG_POINTS = {
  notNumber: `Les points doivent être des nombres entre 0 et ${MAX_POINTS}`,
} as const;

/** Every ring's points are required and numeric ('2,5' is read as 2.5): docs/game-rules.md, Scoring. */
export function parseCirclesPoints(raw: readonly unknown[]): CirclesPoints {
  if (raw.length !== RING_RADII_M.length || raw.some((v) => typeof v !== "string" || v.trim() === "")) {
    throw Refusal.badRequest(MSG.required);
  }
  const values = raw.map((v) => Number((v as string).trim().replace(",", ".")));
  if (!isCirclesPoints(values)) throw Refusal.badRequest(MSG_POINTS.notNumber);
  return values;
}

export async function saveCirclesPoints(db: Db, points: CirclesPoints) {
  await db
    .insert(settings)
    .values({ key: KEY, value: points })
    .onConflictDoUpdate({ target: settings.key, set: { value: points } });
}
