import { describe, expect, it } from "vitest";
import { answerableFromMemory, keepable, notModified, PhotoMemory, type KeptPhoto } from "./photo-memory.server";

const photo = (size: number, etag = "e1"): KeptPhoto => ({ bytes: new ArrayBuffer(size), etag, headers: [["etag", `"${etag}"`]] });

describe("PhotoMemory", () => {
  it("gives back what it kept, and forgets the least recently used past its budget", () => {
    const memory = new PhotoMemory(800);
    memory.keep("a", photo(100));
    memory.keep("b", photo(100));
    memory.keep("c", photo(100));
    expect(memory.get("a")).toBeDefined(); // a is now the most recent: b goes first
    for (const key of ["d", "e", "f", "g", "h", "i"]) memory.keep(key, photo(100));
    expect(memory.get("b")).toBeUndefined();
    expect(memory.get("a")).toBeDefined();
    expect(memory.bytesHeld).toBeLessThanOrEqual(800);
  });

  it("never keeps a photo larger than an eighth of its budget", () => {
    const memory = new PhotoMemory(800);
    expect(keepable(100, 800)).toBe(true);
    expect(keepable(101, 800)).toBe(false);
    memory.keep("big", photo(101));
    expect(memory.get("big")).toBeUndefined();
    expect(memory.bytesHeld).toBe(0);
  });

  it("counts a photo kept twice once", () => {
    const memory = new PhotoMemory(800);
    memory.keep("a", photo(100));
    memory.keep("a", photo(100));
    expect(memory.bytesHeld).toBe(100);
  });
});

describe("conditions", () => {
  it("answers 304 for the photo's ETag, weak or in a list, or *", () => {
    const p = photo(1, "abc");
    expect(notModified(new Headers({ "If-None-Match": '"abc"' }), p)).toBe(true);
    expect(notModified(new Headers({ "If-None-Match": 'W/"abc"' }), p)).toBe(true);
    expect(notModified(new Headers({ "If-None-Match": '"x", "abc"' }), p)).toBe(true);
    expect(notModified(new Headers({ "If-None-Match": "*" }), p)).toBe(true);
    expect(notModified(new Headers({ "If-None-Match": '"abd"' }), p)).toBe(false);
    expect(notModified(new Headers(), p)).toBe(false);
  });

  it("leaves every other condition to R2", () => {
    expect(answerableFromMemory(new Headers({ "If-None-Match": '"a"' }))).toBe(true);
    expect(answerableFromMemory(new Headers({ "If-Modified-Since": new Date(0).toUTCString() }))).toBe(false);
    expect(answerableFromMemory(new Headers({ "If-Match": '"a"' }))).toBe(false);
  });
});
