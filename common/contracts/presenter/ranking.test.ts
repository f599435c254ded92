import { describe, expect, it } from "vitest";
import { rankedPlayer } from "../../wire/server-to-client";
import { rankedLine, wireRankingLine } from "../../../tests/support/ranking-lines";
import { decodeRoomRanking, linesFor, type RankingList } from "./ranking";

const line = wireRankingLine;
const ranked = rankedLine;

/** What the presenter's screen pages from a body, as useFullRanking reads it. */
function parseRoomRanking(body: unknown, phase: "reveal" | "over", list?: RankingList) {
  const reply = decodeRoomRanking(list)(body);
  return reply && linesFor(reply, phase);
}

describe("the full ranking fetched over HTTP", () => {
  const body = { phase: "reveal", playersCount: 2, ranking: [line(1), line(2)], teams: null };

  it("takes the lines of the phase the screen shows", () => {
    expect(parseRoomRanking(body, "reveal")).toEqual([ranked(1), ranked(2)]);
    expect(parseRoomRanking({ ...body, phase: "over" }, "over")).toHaveLength(2);
  });

  it("reads the night's list when asked for it, not the round's", () => {
    const night = [line(1, 7), line(2, 3), line(3, 5)];
    const over = { ...body, phase: "over", night };
    expect(parseRoomRanking(over, "over", "night")).toEqual(night.map(rankedPlayer.toCode));
    expect(parseRoomRanking(over, "over")).toEqual([ranked(1), ranked(2)]);
  });

  it("refuses a reply from another phase or of another shape", () => {
    expect(parseRoomRanking(body, "over")).toBeNull();
    expect(parseRoomRanking({ ...body, phase: "question" }, "reveal")).toBeNull();
    expect(parseRoomRanking({ ...body, ranking: [{ ...line(1), points: "9,5" }] }, "reveal")).toBeNull();
    expect(parseRoomRanking({ ...body, ranking: "all" }, "reveal")).toBeNull();
    expect(parseRoomRanking(null, "reveal")).toBeNull();
    // A first round has no night: the night list is not there to page.
    expect(parseRoomRanking({ ...body, phase: "over", night: null }, "over", "night")).toBeNull();
    expect(parseRoomRanking("oops", "reveal")).toBeNull();
  });

  it("decodes a reply of another phase as such, and nothing of another shape", () => {
    expect(decodeRoomRanking()({ ...body, phase: "question" })).toEqual({ phase: "question", lines: [ranked(1), ranked(2)] });
    expect(decodeRoomRanking("night")(body)).toEqual({ phase: "reveal", lines: null });
    expect(decodeRoomRanking()({ ...body, phase: 3 })).toBeNull();
    expect(decodeRoomRanking()({ ...body, ranking: [{ ...line(1), playerID: undefined }] })).toBeNull();
    expect(decodeRoomRanking()([body])).toBeNull();
  });
});
