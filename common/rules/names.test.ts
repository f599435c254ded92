import { describe, expect, it } from "vitest";
import { COLOR_KEYS, COLORS, FRUIT_KEYS, FRUITS, foldAccents, markerOf, markerSlug, pseudoOf, teamName } from "./names";

describe("pseudoOf", () => {
  it("makes the adjective agree with the fruit", () => {
    expect(pseudoOf("fraise", "vert")).toBe("Fraise verte");
    expect(pseudoOf("kiwi", "bleu")).toBe("Kiwi bleu");
    expect(pseudoOf("kiwi", "vert")).toBe("Kiwi vert");
    expect(pseudoOf("banane", "bleu")).toBe("Banane bleue");
    expect(pseudoOf("pasteque", "turquoise")).toBe("Pastèque turquoise");
    expect(pseudoOf("tomate", "rose")).toBe("Tomate rose");
    expect(pseudoOf("ananas", "jaune")).toBe("Ananas jaune");
    expect(pseudoOf("citron", "rouge")).toBe("Citron rouge");
  });
  it("numbers pseudos beyond the first generation", () => {
    expect(pseudoOf("kiwi", "bleu", 2)).toBe("Kiwi bleu 2");
    expect(pseudoOf("cerise", "vert", 37)).toBe("Cerise verte 37");
  });
  it("gives 54 distinct pseudos", () => {
    const all = COLOR_KEYS.flatMap((c) => FRUIT_KEYS.map((f) => pseudoOf(f, c)));
    expect(new Set(all).size).toBe(54);
  });
});

describe("markerSlug", () => {
  it("removes whitespace and folds accents", () => {
    expect(markerSlug("Fraise verte")).toBe("Fraiseverte");
    expect(markerSlug("Pastèque  bleue")).toBe("Pastequebleue");
    expect(markerSlug("Kiwi bleu 2")).toBe("Kiwibleu2");
    expect(markerSlug("../etc/passwd?x=1")).toBe("etcpasswdx1");
  });
  it("shares the pair's artwork between numbered pseudos", () => {
    expect(markerOf("pasteque", "vert")).toBe("Pastequeverte");
  });
});

describe("teamName", () => {
  it("agrees with 'équipe'", () => {
    expect(teamName("vert")).toBe("Équipe verte");
    expect(teamName("rose")).toBe("Équipe rose");
  });
});

describe("names of the game", () => {
  it("has the six team colours and nine fruits, each with its French name", () => {
    expect(COLOR_KEYS).toEqual(["bleu", "jaune", "rose", "rouge", "turquoise", "vert"]);
    expect(FRUIT_KEYS).toHaveLength(9);
    expect(Object.keys(FRUITS).sort()).toEqual([...FRUIT_KEYS].sort());
    expect(Object.keys(COLORS).sort()).toEqual([...COLOR_KEYS].sort());
    expect(new Set(COLOR_KEYS.map((c) => COLORS[c].hex)).size).toBe(6);
  });
  it("keeps ids URL-safe", () => {
    for (const key of [...COLOR_KEYS, ...FRUIT_KEYS]) expect(key).toMatch(/^[a-z]+$/);
  });
  it("folds accents for comparisons and URLs", () => {
    expect(foldAccents("Pastèque Équipe")).toBe("Pasteque Equipe");
  });
});
