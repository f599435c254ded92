import { describe, expect, it } from "vitest";
import {
  FOLDER_NAME_MAX,
  PHOTO_TOO_LARGE,
  PICTURE_MAX_BYTES,
  PICTURE_TOO_LARGE,
  QUESTION_NAME_MAX,
  QUESTION_PHOTO_MAX_BYTES,
  QUIZ_DESCRIPTION_MAX,
  QUIZ_TITLE_MAX,
  SOUND_MAX_BYTES,
  SOUND_TOO_LARGE,
  copyName,
  megabytes,
} from "./limits";
import { tIn } from "../../tests/support/i18n";

describe("limits", () => {
  it("holds the sizes of uploads and names", () => {
    expect(QUESTION_PHOTO_MAX_BYTES).toBe(15 * 1024 * 1024);
    expect(PICTURE_MAX_BYTES).toBe(5 * 1024 * 1024);
    expect(SOUND_MAX_BYTES).toBe(5 * 1024 * 1024);
    expect([QUIZ_TITLE_MAX, QUIZ_DESCRIPTION_MAX, QUESTION_NAME_MAX, FOLDER_NAME_MAX]).toEqual([100, 1000, 120, 80]);
  });

  it("quotes them in the messages, in French and in English", () => {
    const fr = tIn("fr");
    const en = tIn("en");
    expect(megabytes(QUESTION_PHOTO_MAX_BYTES)).toBe(15);
    expect(fr(PHOTO_TOO_LARGE)).toBe("La photo dépasse 15 Mo");
    expect(fr(PICTURE_TOO_LARGE)).toBe("L'image dépasse 5 Mo");
    expect(fr(SOUND_TOO_LARGE)).toBe("Le son dépasse 5 Mo");
    expect(en(PHOTO_TOO_LARGE)).toBe("The photo is larger than 15 MB");
  });
});

describe("copyName", () => {
  it("adds ' (copie)' and stays within the limit", () => {
    const suffix = " (copie)";
    expect(copyName("Voyages", FOLDER_NAME_MAX, suffix)).toBe("Voyages (copie)");
    const long = "x".repeat(QUIZ_TITLE_MAX);
    expect(copyName(long, QUIZ_TITLE_MAX, suffix)).toHaveLength(QUIZ_TITLE_MAX);
    expect(copyName(long, QUIZ_TITLE_MAX, suffix).endsWith("x (copie)")).toBe(true);
    expect(copyName("x".repeat(92), QUIZ_TITLE_MAX, suffix)).toBe(`${"x".repeat(92)} (copie)`);
  });
});
