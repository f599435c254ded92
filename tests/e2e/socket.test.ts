import { describe, expect, it } from "vitest";
import { upgradeStatus } from "../support/served";
import { app, connect, launch } from "../support/e2e";

describe("game room over a real socket", () => {
  it("reaches a launched room on the app's own origin and gets an answer", async () => {
    const { room } = await launch();
    const socket = await connect(room);
    try {
      await socket.sync(15_000);
      expect(socket.msgs).toEqual([{ type: "pong", at: expect.any(Number) }]);
    } finally {
      socket.close();
    }
  });

  it("refuses a socket for a number no live game holds", async () => {
    expect(await upgradeStatus(app, "222222")).toBe(404);
  });
});
