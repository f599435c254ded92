/**
 * What the quiz wizard's forms and its API routes share, so that the browser and the server say
 * the same French words.
 */
import { MSG } from "@common/messages";
import {
  PHOTO_TOO_LARGE,
  SPEED_POINTS_MAX_LIMIT,
  QUESTION_NAME_MAX,
  QUIZ_DESCRIPTION_MAX,
  QUIZ_TITLE_MAX,
  tooLongText,
} from "@common/rules";

export const INITIAL_ZOOM = 12;
/** How long the bounds are tried on the map. */
export const BOUNDS_TEST_MS = 5000;

export const WIZARD_MSG = {
  required: MSG.required,
  atLeastOneQuestion: "Définir au moins une question",
  titleTooLong: tooLongText("Le titre", QUIZ_TITLE_MAX),
  descriptionTooLong: tooLongText("La description", QUIZ_DESCRIPTION_MAX),
  nameTooLong: tooLongText("Le nom", QUESTION_NAME_MAX),
  noFile: "Choisissez une photo",
  notAnImage: MSG.notAnImage,
  tooLarge: PHOTO_TOO_LARGE,
  unreadable: MSG.unreadableImage,
  streetViewMissing: "Ce lien Street View ne contient pas la position et l'angle de vue",
  questionNotFound: "Cette question n'existe pas",
  cannotEdit: "Vous n'avez pas le droit de modifier ce quiz",
  badMapSettings: "Paramètres de la carte invalides",
  centerOutside: "Le centre doit être à l'intérieur des limites",
  badSpeedPoints: `Les points de rapidité vont de 0 à ${SPEED_POINTS_MAX_LIMIT} (un chiffre après la virgule au plus)`,
  badOrder: "Cet ordre ne reprend pas exactement les questions du quiz",
  photoOnly: "Seule une question photo a une photo à remplacer",
  server: MSG.serverError,
} as const;

/** A quiz as the wizard edits it. */
export type WizardQuizDetails = { name: string; description: string; speedPointsMax: number };

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

