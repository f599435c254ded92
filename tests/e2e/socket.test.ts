import PartySocket from "partysocket";
import WebSocket from "ws";
import { describe, expect, inject, it } from "vitest";

const baseURL = inject("baseURL");

describe("game room over a real socket", () => {
  it("reaches the room on the app's own origin and gets an answer", async () => {
    const socket = new PartySocket({
      host: new URL(baseURL).host,
      party: "game-room",
      room: "222222",
      WebSocket: WebSocket as unknown as typeof globalThis.WebSocket,
    });
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
      expect(pong).toEqual({ type: "pong", room: "222222" });
    } finally {
      socket.close();
    }
  });
});
