/**
 * The zod schemas of the wizard's API (server side; the forms check the same rules by hand so that
 * zod stays out of the browser bundle).
 */
import { z } from "zod";
import { isValidLatLng } from "@common/util/coords";
import { MSG } from "@common/contracts/messages";
import {
  isSpeedPointsMax,
  QUESTION_NAME_MAX,
  QUIZ_DESCRIPTION_MAX,
  QUIZ_TITLE_MAX,
  STREET_VIEW_CODE_MAX,
} from "@common/rules";
import { WIZARD_MSG } from "./types";
import { wordsOf, wordsText } from "../../i18n/words";
import type { Words } from "../../i18n/ids";

const requiredText = (max: number, tooLong: string) =>
  z.string({ required_error: wordsText(MSG.required), invalid_type_error: wordsText(MSG.required) })
    .trim()
    .min(1, wordsText(MSG.required))
    .max(max, tooLong);

const speedPointsMax = z.unknown().refine(isSpeedPointsMax, wordsText(WIZARD_MSG.badSpeedPoints)).transform((p) => p as number);

/** The quiz's own fields, as step 1 creates them and edits them. */
export const quizDetailsSchema = z.object({
  name: requiredText(QUIZ_TITLE_MAX, wordsText(WIZARD_MSG.titleTooLong)),
  description: requiredText(QUIZ_DESCRIPTION_MAX, wordsText(WIZARD_MSG.descriptionTooLong)),
  speedPointsMax: speedPointsMax.optional(),
});

export const initSchema = quizDetailsSchema.extend({
  folderId: z.number().int().positive().nullish(),
});

/** The questions' ids in their new order: every question of the quiz, each once. */
export const orderSchema = z.object({
  order: z.array(z.number().int().positive(), { required_error: wordsText(WIZARD_MSG.badOrder), invalid_type_error: wordsText(WIZARD_MSG.badOrder) }),
});

export const questionNameSchema = requiredText(QUESTION_NAME_MAX, wordsText(WIZARD_MSG.nameTooLong));

export const streetViewFieldsSchema = z.object({
  title: requiredText(QUESTION_NAME_MAX, wordsText(WIZARD_MSG.nameTooLong)),
  description: requiredText(QUIZ_DESCRIPTION_MAX, wordsText(WIZARD_MSG.descriptionTooLong)),
  embedCode: z.string().trim().min(1, wordsText(MSG.required)).max(STREET_VIEW_CODE_MAX, wordsText(WIZARD_MSG.streetViewMissing)),
});

const latLng = z
  .object({ lat: z.number(), lng: z.number() })
  .refine(({ lat, lng }) => isValidLatLng(lat, lng), wordsText(WIZARD_MSG.badMapSettings));

export const mapSettingsSchema = z.object({
  mapSettings: z
    .object({
      center: latLng,
      zoom: z.number().int().min(1).max(22),
      bounds: z
        .object({
          north: z.number().min(-90).max(90),
          south: z.number().min(-90).max(90),
          east: z.number().min(-180).max(180),
          west: z.number().min(-180).max(180),
        })
        .refine((b) => b.north > b.south && b.east > b.west, wordsText(WIZARD_MSG.badMapSettings)),
    })
    .refine(
      ({ center, bounds }) =>
        center.lat <= bounds.north && center.lat >= bounds.south && center.lng <= bounds.east && center.lng >= bounds.west,
      wordsText(WIZARD_MSG.centerOutside),
    ),
});

/** The first zod message, for a JSON error answer. */
export function firstIssue(error: z.ZodError): Words {
  const said = error.issues[0]?.message;
  return said ? wordsOf(said) : MSG.required;
}
