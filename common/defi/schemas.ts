/**
 * The zod schemas of the défi routes' inputs (server side: the forms check the same rules by hand,
 * so zod stays out of the browser bundle).
 */
import { z } from "zod";
import { isValidLatLng } from "../coords";
import { MSG } from "../messages";
import { DEFI_MSG, isAnswerTime, isDefiNameMode, isHelpZone } from "../rules";
import { m, wordsText } from "../i18n/words";

const LAUNCH_MSG = { time: m("common.launch.time"), helpZone: m("common.launch.helpZone") } as const;

const deadline = z.number({ required_error: wordsText(DEFI_MSG.deadlinePast), invalid_type_error: wordsText(DEFI_MSG.deadlinePast) });

/** « Créer un défi »: the quiz, the deadline (ms), the answer time and help zone, how names are chosen. */
export const createDefiSchema = z.object({
  quiz: z.string({ required_error: wordsText(MSG.required), invalid_type_error: wordsText(MSG.required) }).min(1, wordsText(MSG.required)),
  deadline,
  answerTimeSec: z.number({ invalid_type_error: wordsText(LAUNCH_MSG.time) }).refine(isAnswerTime, wordsText(LAUNCH_MSG.time)),
  helpZoneM: z.number().nullable().refine((m) => isHelpZone(m), wordsText(LAUNCH_MSG.helpZone)),
  nameMode: z.unknown().refine(isDefiNameMode, wordsText(DEFI_MSG.nameMode)).transform((m) => m as "free" | "pseudo"),
});
export type CreateDefiInput = z.infer<typeof createDefiSchema>;

export const joinDefiSchema = z.object({ name: z.string().max(200).optional() });

export const answerDefiSchema = z
  .object({ question: z.number().int().min(0), lat: z.number(), lng: z.number() }, { invalid_type_error: wordsText(DEFI_MSG.badAnswer) })
  .refine((a) => isValidLatLng(a.lat, a.lng), wordsText(DEFI_MSG.badAnswer));
export type AnswerDefiInput = z.infer<typeof answerDefiSchema>;

const playerNo = z.number({ invalid_type_error: wordsText(DEFI_MSG.playerNotFound) }).int().positive();

/** The MJ's changes to one of their défis. */
export const manageDefiSchema = z.discriminatedUnion(
  "action",
  [
    z.object({ action: z.literal("end") }),
    z.object({ action: z.literal("deadline"), deadline }),
    z.object({ action: z.literal("rename"), playerNo, name: z.string().max(200) }),
    z.object({ action: z.literal("remove"), playerNo }),
  ],
  { errorMap: () => ({ message: wordsText(MSG.required) }) },
);
export type ManageDefiInput = z.infer<typeof manageDefiSchema>;
