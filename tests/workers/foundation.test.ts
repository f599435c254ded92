import { env, SELF } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { accounts, games, quizzes } from "@db/schema";
import { connect, db, launch, make } from "../support/workers";

describe("D1 through drizzle", () => {
  it("stores and reads back a quiz with its JSON map settings", async () => {
    const owner = await make.mj({ name: "Camille" });
    const made = await make.quiz(owner, {
      name: "Capitales",
      description: "Des places célèbres",
      mapSettings: {
        center: { lat: 48.8566, lng: 2.3522 },
        zoom: 12,
        bounds: { north: 48.9, south: 48.8, east: 2.42, west: 2.28 },
      },
      questions: [],
    });
    const [quiz] = await db().select().from(quizzes).where(eq(quizzes.uniqueName, made.uniqueName));
    expect(quiz!.name).toBe("Capitales");
    expect(quiz!.speedPointsMax).toBe(5);
    expect(quiz!.mapSettings?.bounds.east).toBe(2.42);
  });

  it("refuses a second live game on the same room number but allows it once closed", async () => {
    const game = (id: string) => ({ id, quiz: "q", owner: 1, roomNumber: "424242", settings: { iconType: "random" } });
    await make.game(game("g1"));
    await expect(make.game(game("g2"))).rejects.toThrow();
    await db().update(games).set({ status: "closed" }).where(eq(games.id, "g1"));
    await make.game(game("g2"));
    const live = await db().select().from(games).where(eq(games.roomNumber, "424242"));
    expect(live.map((g) => `${g.id}:${g.status}`).sort()).toEqual(["g1:closed", "g2:lobby"]);
  });
});

describe("R2", () => {
  it("stores a picture and gives back the same bytes and type", async () => {
    const bytes = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 4]);
    await env.BUCKET.put("photos/test.jpg", bytes, { httpMetadata: { contentType: "image/jpeg" } });
    const object = await env.BUCKET.get("photos/test.jpg");
    expect(object?.httpMetadata?.contentType).toBe("image/jpeg");
    expect(new Uint8Array(await object!.arrayBuffer())).toEqual(bytes);
    await env.BUCKET.delete("photos/test.jpg");
    expect(await env.BUCKET.head("photos/test.jpg")).toBeNull();
  });
});

describe("room check", () => {
  it("answers 404 with the French message for a number no live game holds", async () => {
    const res = await SELF.fetch("http://localhost/api/game/check/123456");
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: "Cette salle n'existe pas ou n'est pas accessible" });
  });

  it("answers 400 for a non-numeric number", async () => {
    const res = await SELF.fetch("http://localhost/api/game/check/12ab");
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: "Tous les champs sont obligatoires" });
  });

  it("answers 200 with the icon mode for a live room in the registry", async () => {
    await make.game({ id: "g-check", quiz: "q", owner: 1, roomNumber: "654321", settings: { iconType: "defined" } });
    const res = await SELF.fetch("http://localhost/api/game/check/654321");
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ random: false });
  });
});

describe("first request", () => {
  it("creates the administrator from the environment, once", async () => {
    await SELF.fetch("http://localhost/");
    await SELF.fetch("http://localhost/");
    const admins = await db().select().from(accounts).where(eq(accounts.role, "admin"));
    expect(admins).toHaveLength(1);
    expect(admins[0]!.mail).toBe("admin@repere.test");
    expect(admins[0]!.passwordHash).toMatch(/^pbkdf2-sha256\$100000\$/);
  });
});

describe("game room socket", () => {
  it("accepts a WebSocket on /parties/game-room/{room} for a launched room and answers it", async () => {
    const { room } = await launch();
    const socket = await connect(room);
    await socket.sync();
    expect(socket.msgs).toEqual([{ type: "pong", at: expect.any(Number) }]);
    socket.close();
  });

  it("refuses a socket for a room number no live game holds", async () => {
    const res = await SELF.fetch("http://localhost/parties/game-room/111111", {
      headers: { Upgrade: "websocket" },
    });
    expect(res.status).toBe(404);
  });

  it("refuses plain HTTP into a room", async () => {
    const res = await SELF.fetch("http://localhost/parties/game-room/111111");
    expect(res.status).toBe(404);
  });
});
