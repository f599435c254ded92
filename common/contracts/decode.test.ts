import { describe, expect, it } from "vitest";
import { bool, list, nullable, num, object, oneOf, str } from "../wire/codec";
import { decoderOf, mapSettings, okBody, oneOfDecoders, textBody } from "./decode";

type Line = { name: string; points: number; team: "red" | "blue" | null; tags: string[]; done: boolean };
const decodeLine = decoderOf<Line>()(
  object({ name: str(), points: num(), team: nullable(oneOf(["red", "blue"] as const)), tags: list(str()), done: bool }),
);
const good: Line = { name: "Kim", points: 12.5, team: null, tags: ["a"], done: false };

describe("a contract's decoder made of codecs", () => {
  it("gives a well-formed body as its type, without the keys the contract does not know", () => {
    expect(decodeLine(good)).toEqual(good);
    expect(decodeLine({ ...good, team: "red", extra: "x" })).toEqual({ ...good, team: "red" });
  });

  it("gives null for a body with a field missing or of the wrong type", () => {
    const { points: _points, ...noPoints } = good;
    expect(decodeLine(noPoints)).toBeNull();
    expect(decodeLine({ ...good, points: "12,5" })).toBeNull();
    expect(decodeLine({ ...good, points: Number.NaN })).toBeNull();
    expect(decodeLine({ ...good, team: "green" })).toBeNull();
    expect(decodeLine({ ...good, tags: [1] })).toBeNull();
    expect(decodeLine({ ...good, done: "false" })).toBeNull();
    expect(decodeLine(null)).toBeNull();
    expect(decodeLine([good])).toBeNull();
    expect(decodeLine("Kim")).toBeNull();
  });

  it("reads the protocol's shapes down to their numbers", () => {
    const settings = { center: { lat: 48.85, lng: 2.35 }, zoom: 12, bounds: { north: 49, south: 48, east: 3, west: 2 } };
    expect(decoderOf<typeof settings>()(mapSettings)(settings)).toEqual(settings);
    expect(decoderOf<typeof settings>()(mapSettings)({ ...settings, bounds: { ...settings.bounds, west: null } })).toBeNull();
  });
});

describe("the other decoders' kinds", () => {
  it("tells one shape of several by its own checks", () => {
    const decode = oneOfDecoders<{ kind: "a"; n: number } | { kind: "b" }>(
      decoderOf<{ kind: "a"; n: number }>()(object({ kind: oneOf(["a"] as const), n: num() })),
      decoderOf<{ kind: "b" }>()(object({ kind: oneOf(["b"] as const) })),
    );
    expect(decode({ kind: "a", n: 1 })).toEqual({ kind: "a", n: 1 });
    expect(decode({ kind: "b", n: 1 })).toEqual({ kind: "b" });
    expect(decode({ kind: "a" })).toBeNull();
    expect(decode({ kind: "c" })).toBeNull();
  });

  it("reads a text body, and a bare success", () => {
    expect(textBody("quiz-abc")).toBe("quiz-abc");
    expect(textBody({ name: "quiz-abc" })).toBeNull();
    expect(okBody({ ok: true })).toEqual({ ok: true });
    expect(okBody({ ok: "true" })).toBeNull();
    expect(okBody(null)).toBeNull();
  });
});
