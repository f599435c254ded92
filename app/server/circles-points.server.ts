import { eq } from "drizzle-orm";
import type { Db } from "@db/client";
import { settings } from "@db/schema";
import { MSG } from "@common/messages";
import { Refusal } from "./refusal.server";

/**
 * Points of the target's rings (settings key 'circlesPoints'), for radii 200, 100, 50, 20 m
 * (spec §9); the room takes a copy when a game is launched.
 */
export const RING_RADII = [200, 100, 50, 20] as const;
export const DEFAULT_CIRCLES_POINTS: CirclesPoints = [2, 3, 4, 5];
/** The room refuses more (party/engine/state.ts). */
export const MAX_RING_POINTS = 1000;
export type CirclesPoints = [number, number, number, number];

const KEY = "circlesPoints";

function valid(value: unknown): value is CirclesPoints {
  return (
    Array.isArray(value) &&
    value.length === 4 &&
    value.every((p) => typeof p === "number" && Number.isFinite(p) && p >= 0 && p <= MAX_RING_POINTS)
  );
}

export async function readCirclesPoints(db: Db): Promise<CirclesPoints> {
  const [row] = await db.select().from(settings).where(eq(settings.key, KEY)).limit(1);
  return valid(row?.value) ? ([...row.value] as CirclesPoints) : [...DEFAULT_CIRCLES_POINTS];
}

export const MSG_POINTS = {
  notNumber: `Les points doivent être des nombres entre 0 et ${MAX_RING_POINTS}`,
} as const;

/** Spec §5: every field required and numeric ('2,5' is read as 2.5). */
export function parseCirclesPoints(raw: readonly unknown[]): CirclesPoints {
  if (raw.length !== 4 || raw.some((v) => typeof v !== "string" || v.trim() === "")) {
    throw Refusal.badRequest(MSG.required);
  }
  const values = raw.map((v) => Number((v as string).trim().replace(",", ".")));
  if (!valid(values)) throw Refusal.badRequest(MSG_POINTS.notNumber);
  return values;
}

export async function saveCirclesPoints(db: Db, points: CirclesPoints) {
  await db
    .insert(settings)
    .values({ key: KEY, value: points })
    .onConflictDoUpdate({ target: settings.key, set: { value: points } });
}
