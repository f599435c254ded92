import { eq } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "@db/client";
import { settings } from "@db/schema";
import { MSG } from "@common/contracts/messages";
import { DEFAULT_RING_POINTS, MAX_POINTS, RING_RADII_M, isRingPoints, type RingPoints } from "@common/rules";
import { m } from "@common/i18n/words";
import { wordsText } from "@common/i18n/words";

/**
 * Points of the target's rings (settings key 'circlesPoints'), for the radii of common/rules;
 * the room takes a copy when a game is launched.
 */
const KEY = "circlesPoints";

export async function readCirclesPoints(db: Db): Promise<RingPoints> {
  const [row] = await db.select().from(settings).where(eq(settings.key, KEY)).limit(1);
  return isRingPoints(row?.value) ? ([...row.value] as RingPoints) : [...DEFAULT_RING_POINTS];
}

const MSG_POINTS = {
  notNumber: m("server.points.notNumber", { max: MAX_POINTS }),
} as const;

/**
 * The form of /pres/points: one field per ring, `ring200` … `ring20`. Every ring's points are
 * required and numeric ('2,5' is read as 2.5): docs/game-rules.md, Scoring.
 */
export const PointsForm = z.record(z.unknown()).transform((form, ctx): RingPoints => {
  const raw = RING_RADII_M.map((r) => form[`ring${r}`]);
  if (raw.some((v) => typeof v !== "string" || v.trim() === "")) {
    ctx.addIssue({ code: z.ZodIssueCode.custom, message: wordsText(MSG.required) });
    return z.NEVER;
  }
  const values = raw.map((v) => Number((v as string).trim().replace(",", ".")));
  if (!isRingPoints(values)) {
    ctx.addIssue({ code: z.ZodIssueCode.custom, message: wordsText(MSG_POINTS.notNumber) });
    return z.NEVER;
  }
  return values;
});

export async function saveCirclesPoints(db: Db, points: RingPoints) {
  await db
    .insert(settings)
    .values({ key: KEY, value: points })
    .onConflictDoUpdate({ target: settings.key, set: { value: points } });
}
