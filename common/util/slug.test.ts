import { describe, expect, it } from "vitest";
import { quizUniqueName, slugify, UNIQUE_NAME } from "./slug";

describe("quiz unique names", () => {
  it("slugs French names without accents or punctuation", () => {
    expect(slugify("Les Châteaux de la Loire !")).toBe("les-chateaux-de-la-loire");
    expect(slugify("   ")).toBe("quiz");
  });
  it("adds a random suffix so two quizzes of one name differ", () => {
    const a = quizUniqueName("Paris");
    const b = quizUniqueName("Paris");
    expect(a).toMatch(/^paris-[a-z0-9]{8}$/);
    expect(a).not.toBe(b);
    expect(UNIQUE_NAME.test(a)).toBe(true);
  });
});
