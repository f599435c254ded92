import { describe, expect, it } from "vitest";
import { splitRoomCode } from "./room-code";

describe("the join code", () => {
  it("splits in two halves", () => {
    expect(splitRoomCode("482913")).toBe("482 913");
    expect(splitRoomCode("12")).toBe("12");
  });
});
