/** What the admin screens' loaders and JSON calls send to the page (plain JSON). */
import { FOLDER_NAME_MAX, MJ_NAME_MAX, PASSWORD_MIN, tooLongText } from "@common/rules";

/**
 * French texts of the MJ table (docs/game-rules.md, Game masters' games), shared by the page and
 * the server.
 */
export const MSG_MJ = {
  required: "Veuillez remplir tous les champs obligatoires !",
  notFound: "Utilisateur introuvable",
  mailTaken: "Cette adresse mail est déjà utilisée par un autre compte",
  mailInvalid: "Adresse mail invalide",
  nameTooLong: tooLongText("Le nom", MJ_NAME_MAX),
  passwordShort: `Le mot de passe doit contenir au moins ${PASSWORD_MIN} caractères`,
  /** The local administrator's default password, which Repère publishes. */
  passwordPublished: "Ce mot de passe est publié avec Repère (le mot de passe local par défaut) : choisissez-en un autre",
  expirationInvalid: "Date d'expiration invalide",
  gamesInvalid: "Le nombre de parties doit être un nombre entier positif (vide = illimité)",
} as const;

/** The admin folder that receives a deleted MJ's quizzes and folders. */
export const transferFolderName = (name: string) => `Quiz de ${name}`.slice(0, FOLDER_NAME_MAX);

export type MjRow = {
  id: number;
  name: string;
  mail: string;
  /** 'YYYY-MM-DD' (Paris day) for the date field; null = never expires. */
  expirationDay: string | null;
  /** 'dd/mm/yyyy' for display. */
  expirationLabel: string | null;
  expired: boolean;
  /** Games the MJ may still launch; null = unlimited. */
  gamesLeft: number | null;
  canEdit: boolean;
  photoUrl: string | null;
  /** What deleting the MJ hands over to the admin (said in the confirm text). */
  quizCount: number;
  folderCount: number;
  liveGames: number;
};

export type MjPageData = { accountName: string; mjs: MjRow[] };

/**
 * What adminCall hands the screens: the server's `{ message }` on success, its `{ error }` (the
 * French reason of a refusal) otherwise.
 */
export type AdminResult = { ok: true; message: string } | { ok: false; error: string };

export type SoundItem = {
  id: number;
  /** '/api/sound/{id}?v=…': the version changes when the sound does. */
  url: string;
  custom: boolean;
};

export type SoundCategory = {
  index: number;
  title: string;
  hint: string;
  sounds: SoundItem[];
};

export type SoundPageData = { accountName: string; categories: SoundCategory[] };
