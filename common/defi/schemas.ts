/**
 * The zod schemas of the défi routes' inputs (server side: the forms check the same rules by hand,
 * so zod stays out of the browser bundle).
 */
import { z } from "zod";
import { isValidLatLng } from "../coords";
import { MSG } from "../messages";
import { DEFI_MSG, isAnswerTime, isDefiNameMode, isHelpZone } from "../rules";

const LAUNCH_MSG = { time: "Temps de réponse invalide", helpZone: "Zone d'aide invalide" } as const;

const deadline = z.number({ required_error: DEFI_MSG.deadlinePast, invalid_type_error: DEFI_MSG.deadlinePast });

/** « Créer un défi »: the quiz, the deadline (ms), the answer time and help zone, how names are chosen. */
export const createDefiSchema = z.object({
  quiz: z.string({ required_error: MSG.required, invalid_type_error: MSG.required }).min(1, MSG.required),
  deadline,
  answerTimeSec: z.number({ invalid_type_error: LAUNCH_MSG.time }).refine(isAnswerTime, LAUNCH_MSG.time),
  helpZone: z.number().nullable().refine((m) => isHelpZone(m), LAUNCH_MSG.helpZone),
  nameMode: z.unknown().refine(isDefiNameMode, DEFI_MSG.nameMode).transform((m) => m as "free" | "pseudo"),
});
export type CreateDefiInput = z.infer<typeof createDefiSchema>;

export const joinDefiSchema = z.object({ name: z.string().max(200).optional() });

export const answerDefiSchema = z
  .object({ question: z.number().int().min(0), lat: z.number(), lng: z.number() }, { invalid_type_error: DEFI_MSG.badAnswer })
  .refine((a) => isValidLatLng(a.lat, a.lng), DEFI_MSG.badAnswer);
export type AnswerDefiInput = z.infer<typeof answerDefiSchema>;

const playerNo = z.number({ invalid_type_error: DEFI_MSG.playerNotFound }).int().positive();

/** The MJ's changes to one of their défis. */
export const manageDefiSchema = z.discriminatedUnion(
  "action",
  [
    z.object({ action: z.literal("end") }),
    z.object({ action: z.literal("deadline"), deadline }),
    z.object({ action: z.literal("rename"), playerNo, name: z.string().max(200) }),
    z.object({ action: z.literal("remove"), playerNo }),
  ],
  { errorMap: () => ({ message: MSG.required }) },
);
export type ManageDefiInput = z.infer<typeof manageDefiSchema>;
