/**
 * Length and size limits. The forms stop at them, the server refuses beyond them, and the
 * French messages quote them: all from the figures below.
 */

const MB = 1024 * 1024;

/** A question's photo as the server receives it (the wizard). */
export const QUESTION_PHOTO_MAX_BYTES = 15 * MB;
/** A photo as the game master picks it, before the browser converts and shrinks it. */
export const PHOTO_SOURCE_MAX_BYTES = 60 * MB;
/** Longest side of a question's photo once shrunk in the browser: sharp on a 4K projector. */
export const PHOTO_LONG_SIDE_MAX = 2560;
/** Photos the wizard takes in one selection or drop. */
export const PHOTO_BATCH_MAX = 100;
/**
 * Questions in one quiz. A night plays 10 to 40; 200 is far beyond, and keeps a game's snapshot,
 * its results and the wizard's list bounded whoever builds the quiz.
 */
export const QUIZ_QUESTIONS_MAX = 200;
/** Folder, lobby and game-master pictures. */
export const PICTURE_MAX_BYTES = 5 * MB;
/**
 * Pixels of a stored picture, whatever its bytes: a file of a few kilobytes may declare a billion
 * pixels (a "decompression bomb"), and every phone or screen that shows it tries to allocate
 * four bytes for each. A question's photo comes from the wizard at most PHOTO_LONG_SIDE_MAX on
 * its long side; folder, lobby and game-master pictures are sent as picked, up to a 50-megapixel
 * camera's.
 */
export const QUESTION_PHOTO_MAX_PIXELS = PHOTO_LONG_SIDE_MAX * PHOTO_LONG_SIDE_MAX;
export const PICTURE_MAX_PIXELS = 50_000_000;
/** A replacement game sound (mp3). */
export const SOUND_MAX_BYTES = 5 * MB;

/** '15 Mo'. */
export const megabytes = (bytes: number) => `${Math.round((bytes / MB) * 10) / 10} Mo`;

/** '6,6 mégapixels'. */
export const megapixels = (pixels: number) => `${(Math.round(pixels / 100_000) / 10).toLocaleString("fr-FR")} mégapixels`;

export const PHOTO_TOO_LARGE = `La photo dépasse ${megabytes(QUESTION_PHOTO_MAX_BYTES)}`;
export const PHOTO_TOO_MANY_PIXELS = `La photo compte trop de pixels : ${megapixels(QUESTION_PHOTO_MAX_PIXELS)} au plus (${PHOTO_LONG_SIDE_MAX} pixels sur le grand côté)`;
export const PICTURE_TOO_MANY_PIXELS = `L'image compte trop de pixels : ${megapixels(PICTURE_MAX_PIXELS)} au plus`;
export const PICTURE_TOO_LARGE = `L'image dépasse ${megabytes(PICTURE_MAX_BYTES)}`;
export const SOUND_TOO_LARGE = `Le son dépasse ${megabytes(SOUND_MAX_BYTES)}`;
/** Refused by every path that adds questions to a quiz, and said by the wizard at the limit. */
export const QUIZ_FULL = `Un quiz compte ${QUIZ_QUESTIONS_MAX} questions au plus : supprimez-en une pour en ajouter une autre`;
export const QUIZ_TOO_LONG_TO_COPY = `Un quiz de plus de ${QUIZ_QUESTIONS_MAX} questions ne peut pas être dupliqué`;

/** Characters. The quiz title is the same limit when a quiz is created, edited or duplicated. */
export const QUIZ_TITLE_MAX = 100;
export const QUIZ_DESCRIPTION_MAX = 1000;
/** A photo question's name and a Street View question's title. */
export const QUESTION_NAME_MAX = 120;
/** The Street View embed code pasted in the wizard. */
export const STREET_VIEW_CODE_MAX = 8000;
export const FOLDER_NAME_MAX = 80;
export const MJ_NAME_MAX = 80;
/** Every password an account can be given: MJ accounts, the administrator's, ADMIN_PASSWORD. */
export const PASSWORD_MIN = 12;

/** 'Le titre ne doit pas dépasser 100 caractères'. */
export function tooLongText(subject: string, max: number): string {
  return `${subject} ne doit pas dépasser ${max} caractères`;
}

const COPY_SUFFIX = " (copie)";

/** 'Voyages' -> 'Voyages (copie)', the name cut so that the whole stays within `max`. */
export function copyName(name: string, max: number): string {
  return name.length + COPY_SUFFIX.length <= max ? name + COPY_SUFFIX : name.slice(0, max - COPY_SUFFIX.length) + COPY_SUFFIX;
}
