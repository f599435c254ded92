import { describe, expect, it } from "vitest";
import { graphemes, lookAlikeKey, normaliseTypedName, typedNameProblem } from "./typed-names";

describe("a typed name's characters", () => {
  it("counts what a person sees: « é » typed as e and its accent is one character", () => {
    expect(graphemes("Zoe\u0301")).toHaveLength(3);
    expect(graphemes("नमस्ते")).toHaveLength(3);
    expect(graphemes("Zoé")).toHaveLength(3);
  });

  it("is normalised: full-width letters, the phone's apostrophe, spaces", () => {
    expect(normaliseTypedName("  Ｚｏé   L’Hermite ")).toBe("Zoé L'Hermite");
    expect(normaliseTypedName("Zoe\u0301")).toBe("Zoé");
  });

  it("must show something: a name of marks, fillers or spaces only is refused", () => {
    expect(typedNameProblem("\u0301\u0301\u0301")).toBe("invisible");
    expect(typedNameProblem("\u3164\u3164")).toBe("invisible");
    expect(typedNameProblem("\u115f\u1160")).toBe("invisible");
    expect(typedNameProblem("\u200b\u200b-")).toBe("invisible");
    expect(typedNameProblem("'-'")).toBe("invisible");
  });

  it("refuses invisible characters inside a name, and marks stacked on one letter", () => {
    expect(typedNameProblem("Zoé\u3164\u3164")).toBe("chars");
    expect(typedNameProblem("Zo\u200bé")).toBe("chars");
    expect(typedNameProblem("Z\u0301\u0302\u0303\u0304oé")).toBe("marks");
    expect(typedNameProblem("Zoé Léa")).toBeNull();
    expect(typedNameProblem("Nguyễn Thị")).toBeNull();
    expect(typedNameProblem("नमस्ते")).toBeNull();
  });
});

describe("names that look alike", () => {
  it("have one key: case, accents, Cyrillic and Greek look-alikes, 0 and 1, « rn »", () => {
    const zoe = lookAlikeKey("Zoé");
    expect(lookAlikeKey("ZOE")).toBe(zoe);
    expect(lookAlikeKey("Zое")).toBe(zoe); // Cyrillic о and е
    expect(lookAlikeKey("Ζοe")).toBe(zoe); // Greek Ζ and ο
    expect(lookAlikeKey("Z0é")).toBe(zoe);
    expect(lookAlikeKey("Lola")).toBe(lookAlikeKey("1ola"));
    expect(lookAlikeKey("Amaud")).toBe(lookAlikeKey("Arnaud"));
    expect(lookAlikeKey("Zoé")).not.toBe(lookAlikeKey("Zoa"));
  });
});
