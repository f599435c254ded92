import { describe, expect, it } from "vitest";
import { pageIdFromUrl } from "./socket-index";

describe("pageIdFromUrl", () => {
  it("reads the page's line id wherever it sits in the query", () => {
    expect(pageIdFromUrl("https://repere.example/parties/game-room/123456?_pk=abc-123")).toBe("abc-123");
    expect(pageIdFromUrl("https://repere.example/parties/game-room/123456?x=1&_pk=abc&y=2")).toBe("abc");
    expect(pageIdFromUrl("https://repere.example/parties/game-room/123456?_pk=a%20b")).toBe("a b");
  });

  it("gives none for a missing, empty, malformed or overlong id (the room then makes one)", () => {
    expect(pageIdFromUrl("https://repere.example/parties/game-room/123456")).toBeNull();
    expect(pageIdFromUrl("https://repere.example/parties/game-room/123456?_pk=")).toBeNull();
    expect(pageIdFromUrl("https://repere.example/parties/game-room/123456?x_pk=abc")).toBeNull();
    expect(pageIdFromUrl("https://repere.example/parties/game-room/123456?_pk=%E0%A4%A")).toBeNull();
    expect(pageIdFromUrl(`https://repere.example/parties/game-room/123456?_pk=${"a".repeat(257)}`)).toBeNull();
    expect(pageIdFromUrl(`https://repere.example/parties/game-room/123456?_pk=${"a".repeat(256)}`)).toBe("a".repeat(256));
  });
});
