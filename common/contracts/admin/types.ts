/** What the admin screens' loaders and JSON calls send to the page (plain JSON). */
import { FOLDER_NAME_MAX, MJ_NAME_MAX, PASSWORD_MIN } from "@common/rules";
import { m } from "../../i18n/words";
import type { Translate, Words } from "../../i18n/ids";

/** The MJ table's refusals (docs/game-rules.md, Game masters' games), shared by the page and the server. */
export const MSG_MJ = {
  required: m("admin.mj.required"),
  notFound: m("admin.mj.notFound"),
  mailTaken: m("admin.mj.mailTaken"),
  mailInvalid: m("admin.mj.mailInvalid"),
  nameTooLong: m("admin.mj.nameTooLong", { max: MJ_NAME_MAX }),
  passwordShort: m("admin.mj.passwordShort", { min: PASSWORD_MIN }),
  /** The local administrator's default password, which Repère publishes. */
  passwordPublished: m("admin.mj.passwordPublished"),
  expirationInvalid: m("admin.mj.expirationInvalid"),
  gamesInvalid: m("admin.mj.gamesInvalid"),
} as const;

/** The admin folder that receives a deleted MJ's quizzes and folders. */
export const transferFolderName = (name: string, t: Translate) => t("admin.mj.transferFolder", { name }).slice(0, FOLDER_NAME_MAX);

export type MjRow = {
  id: number;
  name: string;
  mail: string;
  /** 'YYYY-MM-DD' (Paris day) for the date field; null = never expires. */
  expirationDay: string | null;
  /** That day as shown, in the asker's language ('dd/mm/yyyy' in French); null = never. */
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

export type MjPageData = { title: string; accountName: string; mjs: MjRow[] };

/** What an admin route that changes something (an MJ account, a sound) answers: the sentence to show, in the page's language. */
export type AdminDone = { message: string };

/**
 * What adminCall hands the screens: the server's `{ message }` on success, its `{ error }` (the
 * reason of a refusal) otherwise, both worded by the server in the page's language, as words.
 */
export type AdminResult = { ok: true; message: Words } | { ok: false; error: Words };

export type SoundItem = {
  id: number;
  /** '/api/sound/{id}?v=…': the version changes when the sound does. */
  url: string;
  custom: boolean;
};

/** The five groups of sounds, in the order of the screen (their titles and hints are in the catalogs). */
export const SOUND_CATEGORIES = ["lobby", "ranking", "end", "warning", "photos"] as const;
export type SoundCategoryKey = (typeof SOUND_CATEGORIES)[number];

export type SoundCategory = {
  index: number;
  key: SoundCategoryKey;
  sounds: SoundItem[];
};

export type SoundPageData = { title: string; accountName: string; categories: SoundCategory[] };
