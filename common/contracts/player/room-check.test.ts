import { describe, expect, it } from "vitest";
import { decodeRoomCheck } from "./room-check";

describe("the room check's body as the phone reads it", () => {
  it("decodes a well-formed body, and nothing else", () => {
    expect(decodeRoomCheck({ random: true })).toEqual({ random: true });
    expect(decodeRoomCheck({ random: "yes" })).toBeNull();
    expect(decodeRoomCheck({})).toBeNull();
    expect(decodeRoomCheck(null)).toBeNull();
  });
});
