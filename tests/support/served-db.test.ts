import { describe, expect, it } from "vitest";
import { inlineParams, sqlLiteral } from "./served-db";

describe("parameters inlined for wrangler's local command", () => {
  it("writes each value as the literal SQLite reads back as the same value", () => {
    expect(sqlLiteral(null)).toBe("NULL");
    expect(sqlLiteral(undefined)).toBe("NULL");
    expect(sqlLiteral(48.8584)).toBe("48.8584");
    expect(sqlLiteral(true)).toBe("1");
    expect(sqlLiteral("l'Arc « de » Triomphe")).toBe("'l''Arc « de » Triomphe'");
    expect(sqlLiteral(new Uint8Array([0, 255]))).toBe("X'00ff'");
    expect(() => sqlLiteral(Number.NaN)).toThrow();
    expect(() => sqlLiteral({})).toThrow();
  });

  it("fills the placeholders in order, never inside quoted text", () => {
    expect(inlineParams('insert into "q?" ("a", "b") values (?, ?)', ["x?'", 2])).toBe(`insert into "q?" ("a", "b") values ('x?''', 2)`);
    expect(inlineParams("select '?' , ?", [1])).toBe("select '?' , 1");
    expect(() => inlineParams("select ?, ?", [1])).toThrow();
    expect(() => inlineParams("select ?", [1, 2])).toThrow();
  });
});
