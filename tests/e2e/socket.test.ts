import PartySocket from "partysocket";
import WebSocket from "ws";
import { describe, expect, inject, it } from "vitest";
import { launchRoomViaApp } from "./lib/room-app";

const served = { baseURL: inject("baseURL"), persistTo: inject("persistTo") };

function open(room: string) {
  return new PartySocket({
    host: new URL(served.baseURL).host,
    party: "game-room",
    room,
    maxRetries: 0,
    WebSocket: WebSocket as unknown as typeof globalThis.WebSocket,
  });
}

describe("game room over a real socket", () => {
  it("reaches a launched room on the app's own origin and gets an answer", async () => {
    const { room } = await launchRoomViaApp(served);
    const socket = open(room);
    try {
      const pong = await new Promise<unknown>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error("pas de réponse de la salle")), 15_000);
        socket.addEventListener("message", (event) => {
          const msg = JSON.parse(String(event.data));
          if (msg.type === "pong") {
            clearTimeout(timer);
            resolve(msg);
          }
        });
        socket.addEventListener("open", () => socket.send(JSON.stringify({ type: "ping" })));
      });
      expect(pong).toEqual({ type: "pong" });
    } finally {
      socket.close();
    }
  });

  it("refuses a socket for a number no live game holds", async () => {
    const url = `${served.baseURL.replace(/^http/, "ws")}/parties/game-room/222222`;
    const status = await new Promise<number>((resolve) => {
      const ws = new WebSocket(url);
      ws.on("unexpected-response", (_req, res) => resolve(res.statusCode ?? 0));
      ws.on("open", () => {
        ws.close();
        resolve(101);
      });
      ws.on("error", () => undefined);
    });
    expect(status).toBe(404);
  });
});
