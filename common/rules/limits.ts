/**
 * Length and size limits. The forms stop at them, the server refuses beyond them, and the
 * French messages quote them: all from the figures below.
 */

import { m } from "../i18n/words";

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

/** A count of pixels in megapixels, to a tenth: what the pixel limits' messages say. */
export const megapixels = (pixels: number) => Math.round(pixels / 100_000) / 10;

/** A size in megabytes, to a tenth: what the messages of the size limits say ('15 Mo', '15 MB'). */
export const megabytes = (bytes: number) => Math.round((bytes / MB) * 10) / 10;

export const PHOTO_TOO_LARGE = m("common.photoTooLarge", { mb: megabytes(QUESTION_PHOTO_MAX_BYTES) });
export const PICTURE_TOO_LARGE = m("common.pictureTooLarge", { mb: megabytes(PICTURE_MAX_BYTES) });
export const SOUND_TOO_LARGE = m("common.soundTooLarge", { mb: megabytes(SOUND_MAX_BYTES) });
export const PHOTO_TOO_MANY_PIXELS = m("common.photoTooManyPixels", { mp: megapixels(QUESTION_PHOTO_MAX_PIXELS), side: PHOTO_LONG_SIDE_MAX });
export const PICTURE_TOO_MANY_PIXELS = m("common.pictureTooManyPixels", { mp: megapixels(PICTURE_MAX_PIXELS) });
/** Refused by every path that adds questions to a quiz, and said by the wizard at the limit. */
export const QUIZ_FULL = m("common.quizFull", { max: QUIZ_QUESTIONS_MAX });
export const QUIZ_TOO_LONG_TO_COPY = m("common.quizTooLongToCopy", { max: QUIZ_QUESTIONS_MAX });

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

/**
 * 'Voyages' -> 'Voyages (copie)', the name cut so that the whole stays within `max`; `suffix` is
 * ' (copie)' worded in the language of whoever copies.
 */
export function copyName(name: string, max: number, suffix: string): string {
  return name.length + suffix.length <= max ? name + suffix : name.slice(0, max - suffix.length) + suffix;
}
