/**
 * What the quiz wizard accepts, shared by its forms and its API routes so that the browser and
 * the server say the same French words (spec §5).
 */
import { MSG } from "@common/messages";

export const MAX_PHOTO_BYTES = 15 * 1024 * 1024;
/** Multipart framing and the text fields around the photo. */
export const MAX_UPLOAD_BODY = MAX_PHOTO_BYTES + 64 * 1024;
export const INITIAL_ZOOM = 12;
/** How long the bounds are tried on the map (spec §9). */
export const BOUNDS_TEST_MS = 5000;

export const WIZARD_MSG = {
  required: MSG.required,
  atLeastOneQuestion: "Définir au moins une question",
  titleTooLong: "Le titre ne doit pas dépasser 100 caractères",
  descriptionTooLong: "La description ne doit pas dépasser 1000 caractères",
  nameTooLong: "Le nom ne doit pas dépasser 120 caractères",
  noFile: "Choisissez une photo",
  notAnImage: "Ce fichier n'est pas une image (JPEG, PNG, WebP ou GIF)",
  tooLarge: "La photo dépasse 15 Mo",
  unreadable: "Cette image est illisible",
  streetViewMissing: "Ce lien Street View ne contient pas la position et l'angle de vue",
  questionNotFound: "Cette question n'existe pas",
  cannotEdit: "Vous n'avez pas le droit de modifier ce quiz",
  badMapSettings: "Paramètres de la carte invalides",
  centerOutside: "Le centre doit être à l'intérieur des limites",
  network: "Erreur réseau ou serveur injoignable",
  server: MSG.serverError,
} as const;

/** A question as the wizard shows it (GET /api/pres/shared/quizz/get/{quiz}). */
export type WizardQuestion = {
  id: number;
  position: number;
  kind: "photo" | "streetview";
  name: string;
  coords: { lat: number; lng: number };
  /** Photo questions: the file name in the spec's paths and the picture's URL. */
  filename: string | null;
  imageUrl: string | null;
  titre: string | null;
  description: string | null;
  streetView: { pano: string | null; lat: number; lng: number; heading: number; pitch: number; fov: number | null } | null;
  embedUrl: string | null;
};

