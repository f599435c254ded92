/**
 * The zod schemas of the défi routes' inputs (server side: the forms check the same rules by hand,
 * so zod stays out of the browser bundle).
 */
import { z } from "zod";
import { isValidLatLng } from "../../util/coords";
import { MSG } from "../messages";
import {
  ADAPTED_NAMES_MAX,
  DEFI_MSG,
  DEFI_NAME_FIELD_MAX,
  isAdaptedKind,
  isAdaptedSpeed,
  isAnswerTime,
  isDefiNameMode,
  isDefiReveal,
  isHelpZone,
  LINE_FLAGS,
  type AdaptedKind,
  type AdaptedSpeed,
} from "../../rules";
import { m, wordsText } from "../../i18n/words";

const LAUNCH_MSG = { time: m("common.launch.time"), helpZone: m("common.launch.helpZone") } as const;

const deadline = z.number({ required_error: wordsText(DEFI_MSG.deadlinePast), invalid_type_error: wordsText(DEFI_MSG.deadlinePast) });

/** A typed name: anything longer than the form's field is refused by the length rule's own words. */
const typedName = z.string({ invalid_type_error: wordsText(DEFI_MSG.nameLength) }).max(DEFI_NAME_FIELD_MAX, wordsText(DEFI_MSG.nameLength));

const adaptedMsg = wordsText(DEFI_MSG.adapted);
/** Names the MJ gives adapted time to in advance (each checked by the name rule on the server). */
const adaptedNames = z.array(typedName, { invalid_type_error: adaptedMsg }).max(ADAPTED_NAMES_MAX, wordsText(DEFI_MSG.adaptedNames));

/** « Temps adapté » (common/rules/adapted-time.ts), or null. */
const adapted = z
  .object(
    {
      kind: z.unknown().refine(isAdaptedKind, adaptedMsg).transform((k) => k as AdaptedKind),
      speed: z.unknown().refine(isAdaptedSpeed, adaptedMsg).transform((s) => s as AdaptedSpeed),
      all: z.boolean({ invalid_type_error: adaptedMsg, required_error: adaptedMsg }),
      ask: z.boolean({ invalid_type_error: adaptedMsg }).default(false),
      names: adaptedNames.default([]),
    },
    { invalid_type_error: adaptedMsg },
  )
  .nullable()
  .default(null);

/** « Créer un défi »: the quiz, the deadline (ms), the answer time and help zone, how names are chosen. */
export const createDefiSchema = z.object({
  quiz: z.string({ required_error: wordsText(MSG.required), invalid_type_error: wordsText(MSG.required) }).min(1, wordsText(MSG.required)),
  deadline,
  answerTimeSec: z.number({ invalid_type_error: wordsText(LAUNCH_MSG.time) }).refine(isAnswerTime, wordsText(LAUNCH_MSG.time)),
  helpZoneM: z.number().nullable().refine((m) => isHelpZone(m), wordsText(LAUNCH_MSG.helpZone)),
  nameMode: z.unknown().refine(isDefiNameMode, wordsText(DEFI_MSG.nameMode)).transform((m) => m as "free" | "pseudo"),
  reveal: z
    .unknown()
    .refine((r) => r === undefined || isDefiReveal(r), wordsText(DEFI_MSG.reveal))
    .transform((r) => (r ?? "end") as "end" | "each"),
  boardHidden: z.boolean({ invalid_type_error: wordsText(DEFI_MSG.boardHidden) }).default(false),
  adapted,
});
export type CreateDefiInput = z.infer<typeof createDefiSchema>;

/** « Commencer »: the typed name (free names), and whether the player asks for adapted time. */
export const joinDefiSchema = z.object({ name: typedName.optional(), adapted: z.boolean({ invalid_type_error: adaptedMsg }).default(false) });

export const answerDefiSchema = z
  .object({ question: z.number().int().min(0), lat: z.number(), lng: z.number() }, { invalid_type_error: wordsText(DEFI_MSG.badAnswer) })
  .refine((a) => isValidLatLng(a.lat, a.lng), wordsText(DEFI_MSG.badAnswer));
export type AnswerDefiInput = z.infer<typeof answerDefiSchema>;

const playerNo = z.number({ invalid_type_error: wordsText(DEFI_MSG.playerNotFound) }).int().positive();

/**
 * The MJ's changes to one of their défis. Every removal is a ban: the removed lines' devices (and
 * with `network`, or in bulk, their networks) cannot join again.
 */
export const manageDefiSchema = z.discriminatedUnion(
  "action",
  [
    z.object({ action: z.literal("end") }),
    z.object({ action: z.literal("deadline"), deadline }),
    z.object({ action: z.literal("rename"), playerNo, name: typedName }),
    z.object({ action: z.literal("remove"), playerNo, network: z.boolean().default(false) }),
    z.object({ action: z.literal("removeNetwork"), network: z.string().regex(/^[0-9a-f]{8}$/, wordsText(DEFI_MSG.removeNothing)) }),
    z.object({ action: z.literal("removeTime"), from: z.number(), to: z.number() }),
    z.object({ action: z.literal("removeFlag"), flag: z.enum(LINE_FLAGS) }),
    z.object({ action: z.literal("adapted"), playerNo, on: z.boolean({ invalid_type_error: adaptedMsg, required_error: adaptedMsg }) }),
    z.object({ action: z.literal("adaptedNames"), names: adaptedNames }),
  ],
  { errorMap: () => ({ message: wordsText(MSG.required) }) },
);
export type ManageDefiInput = z.infer<typeof manageDefiSchema>;
