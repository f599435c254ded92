/**
 * Names people type themselves (a défi's free names): what a person sees as one character, what
 * counts as visible, and when two names would look the same on a leaderboard. Pure, and safe in
 * a phone's bundle: the grapheme segmenter is made on first use, and a browser without
 * `Intl.Segmenter` counts code points instead.
 */
import { foldAccents } from "./names";

/** Letters (accents included), digits, spaces, hyphens and apostrophes. */
const NAME_CHARS = /^[\p{L}\p{M}0-9 '-]+$/u;
/**
 * Characters that draw nothing: Hangul fillers, zero-width spaces and joiners, bidi controls
 * (all Default_Ignorable_Code_Point), other format characters and controls.
 */
const INVISIBLE = /[\p{Default_Ignorable_Code_Point}\p{Cf}\p{Cc}]/u;
const INVISIBLE_ALL = /[\p{Default_Ignorable_Code_Point}\p{Cf}\p{Cc}]/gu;
/** A character a person can see and read as part of a name. */
const VISIBLE = /[\p{L}0-9]/u;
const MARK = /\p{M}/gu;
/**
 * Combining marks one character may carry once composed (NFKC): Vietnamese « ệ » composes into
 * one letter; Indic clusters carry two; three or more stacked is the "zalgo" that spills over the
 * lines above and below.
 */
const MARKS_PER_CHARACTER_MAX = 2;

let segmenter: Intl.Segmenter | null | undefined;

/** The characters a person sees (grapheme clusters: « é » typed as e + ◌́ is one). */
export function graphemes(text: string): string[] {
  if (segmenter === undefined) segmenter = typeof Intl.Segmenter === "function" ? new Intl.Segmenter("fr", { granularity: "grapheme" }) : null;
  return segmenter ? Array.from(segmenter.segment(text), (s) => s.segment) : [...text];
}

/**
 * A typed name as it is kept: compatibility forms folded (NFKC: full-width letters, ligatures),
 * the typographic apostrophe of phone keyboards read as ', trimmed, inner spaces collapsed.
 */
export function normaliseTypedName(raw: string): string {
  return raw.normalize("NFKC").replace(/[’‘]/g, "'").trim().replace(/\s+/g, " ");
}

export type TypedNameProblem = "invisible" | "chars" | "marks" | null;

/**
 * What is wrong with a normalised name's characters, if anything: nothing visible (only marks,
 * fillers, spaces or punctuation), a character outside the allowed ones (letters, digits, spaces,
 * hyphens, apostrophes; nothing invisible), or a character under stacked combining marks or a
 * mark with nothing under it.
 */
export function typedNameProblem(name: string): TypedNameProblem {
  if (!VISIBLE.test(name.replace(INVISIBLE_ALL, ""))) return "invisible";
  if (!NAME_CHARS.test(name) || INVISIBLE.test(name)) return "chars";
  for (const g of graphemes(name)) {
    if (/^\p{M}/u.test(g) || (g.match(MARK)?.length ?? 0) > MARKS_PER_CHARACTER_MAX) return "marks";
  }
  return null;
}

/**
 * Letters of other scripts, and digits, that a leaderboard shows like a Latin letter (after case
 * and accents are folded): « Zое » with a Cyrillic о and е, « L0la ». From Unicode's confusables
 * (UTS #39), kept to the characters a name may hold.
 */
const LOOK_ALIKES: Record<string, string> = {
  // Cyrillic (lower case: the upper-case twins are folded to these first)
  а: "a", в: "b", е: "e", к: "k", м: "m", н: "h", о: "o", р: "p", с: "c", т: "t", у: "y", х: "x",
  і: "i", ј: "j", ѕ: "s", һ: "h", ԁ: "d", ԛ: "q", ԝ: "w", ӏ: "l",
  // Greek
  α: "a", β: "b", ε: "e", ζ: "z", ι: "i", κ: "k", μ: "m", ο: "o", ρ: "p", τ: "t", υ: "u", χ: "x",
  // Digits
  "0": "o", "1": "l",
};
const LOOK_ALIKE = new RegExp(`[${Object.keys(LOOK_ALIKES).join("")}]`, "gu");

/**
 * What uniqueness compares: two names with the same key read the same on a leaderboard (case,
 * accents, look-alike letters and digits, « rn » for « m »).
 */
export function lookAlikeKey(name: string): string {
  return foldAccents(name.normalize("NFKC"))
    .toLocaleLowerCase("fr")
    .replace(LOOK_ALIKE, (c) => LOOK_ALIKES[c]!)
    .replace(/rn/g, "m");
}
