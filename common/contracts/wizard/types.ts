/**
 * What the quiz wizard's forms and its API routes share, so that the browser and the server say
 * the same words.
 */
import { MSG } from "@common/contracts/messages";
import {
  PHOTO_TOO_LARGE,
  SPEED_POINTS_MAX_LIMIT,
  QUESTION_NAME_MAX,
  QUIZ_DESCRIPTION_MAX,
  QUIZ_TITLE_MAX,
} from "@common/rules";
import { m } from "../../i18n/words";
import type { MapSettings } from "../../wire/protocol";

export const INITIAL_ZOOM = 12;
/** How long the bounds are tried on the map. */
export const BOUNDS_TEST_MS = 5000;

export const WIZARD_MSG = {
  required: MSG.required,
  atLeastOneQuestion: m("wizard.atLeastOneQuestion"),
  titleTooLong: m("wizard.titleTooLong", { max: QUIZ_TITLE_MAX }),
  descriptionTooLong: m("wizard.descriptionTooLong", { max: QUIZ_DESCRIPTION_MAX }),
  nameTooLong: m("wizard.nameTooLong", { max: QUESTION_NAME_MAX }),
  noFile: m("wizard.noFile"),
  notAnImage: MSG.notAnImage,
  tooLarge: PHOTO_TOO_LARGE,
  unreadable: MSG.unreadableImage,
  streetViewMissing: m("wizard.streetViewMissing"),
  questionNotFound: m("wizard.questionNotFound"),
  cannotEdit: m("wizard.cannotEdit"),
  badMapSettings: m("wizard.badMapSettings"),
  centerOutside: m("wizard.centerOutside"),
  badSpeedPoints: m("wizard.badSpeedPoints", { max: SPEED_POINTS_MAX_LIMIT }),
  badOrder: m("wizard.badOrder"),
  photoOnly: m("wizard.photoOnly"),
  server: MSG.serverError,
} as const;

/** A quiz as the wizard edits it. */
export type WizardQuizDetails = { name: string; description: string; speedPointsMax: number };

/** The quiz the wizard edits: its details, its address and its map (null while it is created). */
export type WizardQuiz = WizardQuizDetails & { uniqueName: string; mapSettings: MapSettings | null };

/** A question as the wizard shows it (GET /api/pres/shared/quizz/get/{quiz}). */
export type WizardQuestion = {
  id: number;
  position: number;
  kind: "photo" | "streetview";
  name: string;
  coords: { lat: number; lng: number };
  /**
   * Photo questions: the file name in the media paths (docs/architecture.md, R2) and the
   * picture's URL.
   */
  filename: string | null;
  imageUrl: string | null;
  titre: string | null;
  description: string | null;
  streetView: { pano: string | null; lat: number; lng: number; heading: number; pitch: number; fov: number | null } | null;
  embedUrl: string | null;
};

