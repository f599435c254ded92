import { describe, expect, it } from "vitest";
import { LiveRooms } from "./live-rooms.server";

describe("LiveRooms", () => {
  it("knows a number once confirmed, and forgets it when the room says it has no game", () => {
    const live = new LiveRooms();
    expect(live.has("123456")).toBe(false);
    live.confirm("123456");
    expect(live.has("123456")).toBe(true);
    live.learn("123456", 101);
    expect(live.has("123456")).toBe(true);
    live.learn("123456", 404);
    expect(live.has("123456")).toBe(false);
  });

  it("keeps the number when the room refuses one address (429), and never learns one from it", () => {
    const live = new LiveRooms();
    live.confirm("111111");
    live.learn("111111", 429);
    expect(live.has("111111")).toBe(true);
    live.learn("222222", 429);
    expect(live.has("222222")).toBe(false);
  });

  it("learns a number from the room's acceptance", () => {
    const live = new LiveRooms();
    live.learn("333333", 101);
    expect(live.has("333333")).toBe(true);
  });

  it("drops the least recently confirmed number past its cap", () => {
    const live = new LiveRooms(2);
    live.confirm("a");
    live.confirm("b");
    live.confirm("a"); // 'b' is now the oldest
    live.confirm("c");
    expect([live.has("a"), live.has("b"), live.has("c")]).toEqual([true, false, true]);
  });
});
