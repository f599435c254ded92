import { env, SELF } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { helpZone } from "@common/rules/geo";
import { games } from "@db/schema";
import {
  closeGame,
  launchGame,
  parseLaunchSettings,
  presenterSession,
  restartAllRooms,
  type LaunchSettings,
} from "~/server/rooms/games.server";
import { registerGame } from "~/server/rooms/rooms.server";
import { saveCirclesPoints } from "~/server/admin/circles-points.server";
import { translator as tIn } from "~/server/i18n/i18n.server";
import { appContext, connect, cookieOf, db, gameOf, join, launch, make, presenter, refusal, roomState } from "../support/workers";

/** The launch settings of the tests that call launchGame directly. */
const SETTINGS: LaunchSettings = {
  iconType: "random",
  answerTimeSec: 15,
  helpZoneM: 500,
  mode: "player",
  maxPlayer: 50,
  maxTeam: 6,
  photoOnPhones: false,
  locale: "fr",
};
const TWO_SPOTS = [
  { lat: 48.8584, lng: 2.2945 },
  { lat: 45.764, lng: 4.8357 },
];

describe("launch settings", () => {
  it("reads the launch query parameters with their defaults", () => {
    const t = tIn("fr");
    const parse = (query: string, mode: "player" | "team" = "player") => parseLaunchSettings(new URLSearchParams(query), mode, "fr");
    const refusal = (query: string) => {
      const parsed = parse(query);
      return parsed.ok ? null : t(parsed.error);
    };
    expect(parse("")).toEqual({
      ok: true,
      settings: { iconType: "random", answerTimeSec: 60, helpZoneM: 500, mode: "player", maxPlayer: 50, maxTeam: 6, photoOnPhones: false, locale: "fr" },
    });
    expect(parse("icon=defined&time=15&help_zone=non&max_player=4&max_team=3", "team")).toEqual({
      ok: true,
      settings: { iconType: "defined", answerTimeSec: 15, helpZoneM: null, mode: "team", maxPlayer: 4, maxTeam: 3, photoOnPhones: false, locale: "fr" },
    });
    expect(parse("photo_phones=oui")).toMatchObject({ ok: true, settings: { photoOnPhones: true } });
    expect(refusal("photo_phones=peut-etre")).toBe("Option « Photo sur les téléphones » invalide");
    expect(parse("max_team=9", "team")).toMatchObject({ ok: false });
    expect(refusal("time=17")).toBe("Temps de réponse invalide");
    expect(parse("help_zone=250")).toMatchObject({ ok: false });
    expect(parse("max_player=2001")).toMatchObject({ ok: false });
    expect(parse("icon=emoji")).toMatchObject({ ok: false });
  });

  it("takes the night's language from `lang`, else the language of the page that launched", () => {
    expect(parseLaunchSettings(new URLSearchParams("lang=de"), "player", "fr")).toMatchObject({ ok: true, settings: { locale: "de" } });
    expect(parseLaunchSettings(new URLSearchParams(""), "player", "en")).toMatchObject({ ok: true, settings: { locale: "en" } });
    const refused = parseLaunchSettings(new URLSearchParams("lang=klingon"), "player", "en");
    expect(refused.ok ? null : tIn("en")(refused.error)).toBe("Invalid language of the night");
  });
});

describe("launchGame", () => {
  it("registers a 6-digit room, hands the quiz and settings to the room, and the check answers", async () => {
    await saveCirclesPoints(db(), [1, 2, 3, 10]);
    const l = await launch({ spots: TWO_SPOTS, icon: "defined", time: 30, help_zone: "non" });
    expect(l.room).toMatch(/^[1-9]\d{5}$/);
    const [row] = await db().select().from(games).where(eq(games.roomNumber, l.room));
    expect(row).toMatchObject({ status: "lobby", mode: "player", ownerId: l.owner.id, quizUniqueName: l.quiz.uniqueName });
    const state = (await roomState(l.room))!;
    expect(state.quiz.questions).toHaveLength(2);
    const photo = l.quiz.questions[0]!.fileKey!.slice("photos/".length);
    expect(state.quiz.questions[0]!.imageUrl).toBe(`/api/quizz/images/src/${l.quiz.uniqueName}/${photo}`);
    expect(state.settings).toMatchObject({ iconType: "defined", answerTimeSec: 30, helpZoneM: null, ringPoints: [1, 2, 3, 10] });
    expect(state.help).toEqual([null, null]);
    const check = await SELF.fetch(`http://localhost/api/game/check/${l.room}`);
    expect(check.status).toBe(200);
    expect(await check.json()).toEqual({ random: false });
    const pres = await presenter(l);
    const cb = pres.all("pres_newRoom_callback")[0]!;
    expect(cb).toMatchObject({ roomID: l.room, phase: "lobby", playersCount: 0 });
    expect(cb.quizzData.targetSettings.map((t: { points: number }) => t.points)).toEqual([0, 1, 2, 3, 10]);
    await saveCirclesPoints(db(), [2, 3, 4, 5]);
  });

  it("draws help squares that nobody who knows Math.random's outputs can predict", async () => {
    // The attacker's best case: they know every number Math.random will give (its state can be
    // worked out from enough outputs); here it gives 0.5, always.
    const math = vi.spyOn(Math, "random").mockReturnValue(0.5);
    const draws = vi.spyOn(crypto, "getRandomValues");
    try {
      const spots = Array.from({ length: 6 }, (_, i) => ({ lat: 48.85 + i / 100, lng: 2.3 }));
      const l = await launch({ spots, help_zone: 500 });
      const { help } = (await roomState(l.room))!;
      const predicted = spots.map((spot) => helpZone(spot, 500, Math.random));
      // Every square still holds its spot, none where Math.random would have put it.
      help.forEach((zone, i) => {
        expect(zone!.south < spots[i]!.lat && spots[i]!.lat < zone!.north && zone!.west < spots[i]!.lng && spots[i]!.lng < zone!.east).toBe(true);
        expect(zone).not.toEqual(predicted[i]);
      });
      expect(draws).toHaveBeenCalled();
      expect(math).toHaveBeenCalledTimes(6 * 2); // the prediction's own draws only
    } finally {
      vi.restoreAllMocks();
    }
  });

  it("refuses another MJ's quiz, an expired MJ, no games left and an empty quiz", async () => {
    const owner = await make.mj();
    const quiz = (await make.quiz(owner)).uniqueName;
    const other = await make.mj();
    expect(await refusal(launchGame(appContext(), other, quiz, SETTINGS))).toEqual({ status: 404, error: "Quiz introuvable" });
    const expired = await make.mj({ expired: true });
    expect((await refusal(launchGame(appContext(), expired, (await make.quiz(expired)).uniqueName, SETTINGS))).status).toBe(403);
    const none = await make.mj({ gamesLeft: 0 });
    expect(await refusal(launchGame(appContext(), none, (await make.quiz(none)).uniqueName, SETTINGS))).toEqual({
      status: 403,
      error: "Vous n'avez plus de parties disponibles",
    });
    const empty = await make.mj();
    expect((await refusal(launchGame(appContext(), empty, (await make.quiz(empty, { questions: [] })).uniqueName, SETTINGS))).status).toBe(409);
    // One game left, already held by a lobby: the second launch is refused.
    const one = await make.mj({ gamesLeft: 1 });
    const q = (await make.quiz(one)).uniqueName;
    await launchGame(appContext(), one, q, SETTINGS);
    expect((await refusal(launchGame(appContext(), one, q, SETTINGS))).status).toBe(403);
    // The admin may launch anyone's quiz.
    const admin = await make.account({ role: "admin" });
    const { roomNumber } = await launchGame(appContext(), admin, quiz, SETTINGS);
    expect((await presenterSession(appContext(), admin, roomNumber))?.status).toBe("lobby");
    expect(await presenterSession(appContext(), other, roomNumber)).toBeNull();
  });

  it("allocates numbers without races: a taken number is drawn again, and reused only once closed", async () => {
    const base = { quizUniqueName: "q", ownerId: 1, mode: "player" as const, settings: {}, createdAt: Date.now() };
    const taken = await registerGame(db(), { ...base, id: "reg-1" }, () => "777777");
    expect(taken).toBe("777777");
    const draws = ["777777", "777777", "777778"];
    expect(await registerGame(db(), { ...base, id: "reg-2" }, () => draws.shift()!)).toBe("777778");
    // Two launches at once drawing the same numbers get different rooms.
    const same = () => {
      const seq = ["555555", "555556"];
      return () => seq.shift() ?? "555557";
    };
    const rooms = await Promise.all([
      registerGame(db(), { ...base, id: "reg-3" }, same()),
      registerGame(db(), { ...base, id: "reg-4" }, same()),
    ]);
    expect(new Set(rooms).size).toBe(2);
    await expect(registerGame(db(), { ...base, id: "reg-5" }, () => "777777", 3)).rejects.toThrow();
    await db().update(games).set({ status: "closed" }).where(eq(games.id, "reg-1"));
    expect(await registerGame(db(), { ...base, id: "reg-6" }, () => "777777")).toBe("777777");
  });
});

describe("sockets and HTTP into rooms", () => {
  it("refuses a socket for a number that is not live, without creating a room", async () => {
    const res = await SELF.fetch("http://localhost/parties/game-room/313131", { headers: { Upgrade: "websocket" } });
    expect(res.status).toBe(404);
    const ids = await (await import("cloudflare:test")).listDurableObjectIds(env.GameRoom);
    expect(ids.some((id) => id.name === "313131")).toBe(false);
    expect((await SELF.fetch("http://localhost/parties/game-room/313131")).status).toBe(404);
  });

  it("serves the full ranking to the game's owner only", async () => {
    const l = await launch();
    await join(l.room);
    await join(l.room);
    const url = `http://localhost/api/game/${l.room}/ranking`;
    expect((await SELF.fetch(url)).status).toBe(401);
    const stranger = await make.mj();
    expect((await SELF.fetch(url, { headers: { Cookie: await cookieOf(stranger) } })).status).toBe(404);
    const res = await SELF.fetch(url, { headers: { Cookie: await cookieOf(l.owner) } });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { ranking: { rank: number }[]; playersCount: number; phase: string };
    expect(body).toMatchObject({ phase: "lobby", playersCount: 2, teams: null });
    expect(body.ranking).toHaveLength(2);
  });

  it("launches over HTTP (Origin checked) and closes with 'Nouvelle partie'", async () => {
    const owner = await make.mj();
    const quiz = (await make.quiz(owner)).uniqueName;
    const post = (path: string, body: unknown, origin = "http://localhost") =>
      SELF.fetch(`http://localhost${path}`, {
        method: "POST",
        headers: { Cookie: "", "Content-Type": "application/json", Origin: origin },
        body: JSON.stringify(body),
      });
    expect((await post("/api/game/launch", { quiz })).status).toBe(401);
    const withCookie = async (path: string, body: unknown, origin = "http://localhost") =>
      SELF.fetch(`http://localhost${path}`, {
        method: "POST",
        headers: { Cookie: await cookieOf(owner), "Content-Type": "application/json", Origin: origin },
        body: JSON.stringify(body),
      });
    expect((await withCookie("/api/game/launch", { quiz }, "https://evil.example")).status).toBe(403);
    expect((await withCookie("/api/game/launch", { quiz, time: 7 })).status).toBe(400);
    const res = await withCookie("/api/game/launch", { quiz, mode: "team", max_team: 2, time: 15 });
    expect(res.status).toBe(201);
    const { roomNumber, token } = (await res.json()) as { roomNumber: string; token: string };
    expect(token).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    const phone = await join(roomNumber);
    const closed = await withCookie(`/api/game/${roomNumber}/close`, {});
    expect(closed.status).toBe(200);
    expect(await phone.next("player_kicked")).toEqual({ type: "player_kicked", reason: "ended" });
    const [row] = await db().select().from(games).where(eq(games.roomNumber, roomNumber));
    expect(row!.status).toBe("closed");
    expect((await SELF.fetch(`http://localhost/api/game/check/${roomNumber}`)).status).toBe(404);
    expect(await presenterSession(appContext(), owner, roomNumber)).toBeNull();
  });
});

describe("ending rooms", () => {
  it("closeGame ends the room for everyone and frees the number", async () => {
    const l = await launch();
    const gameId = (await gameOf(l))!.id;
    const pres = await presenter(l);
    const a = await join(l.room);
    await closeGame(appContext(), l.owner, l.room);
    expect((await a.next("player_kicked")).reason).toBe("ended");
    expect((await pres.next("error")).code).toBe("room_closed");
    expect((await pres.waitClosed())?.code).toBe(4000);
    const [row] = await db().select().from(games).where(eq(games.id, gameId));
    expect(row).toMatchObject({ status: "closed" });
    expect(await roomState(l.room)).toBeNull();
    // A late hello on a socket that slipped in gets a clear refusal, no crash.
    const res = await SELF.fetch(`http://localhost/parties/game-room/${l.room}`, { headers: { Upgrade: "websocket" } });
    expect(res.status).toBe(404);
    // The same number can host a new game.
    const reused = await registerGame(
      db(),
      { id: "again", quizUniqueName: l.quiz.uniqueName, ownerId: l.owner.id, mode: "player", settings: {}, createdAt: 0 },
      () => l.room,
      1
    );
    expect(reused).toBe(l.room);
  });

  it("restartAllRooms ends every live room through the registry", async () => {
    const rooms = [await launch(), await launch()];
    const phones = [await join(rooms[0]!.room), await join(rooms[1]!.room)];
    const ended = await restartAllRooms(appContext());
    expect(ended).toBeGreaterThanOrEqual(2);
    for (const p of phones) expect((await p.next("player_kicked")).reason).toBe("ended");
    const live = (await db().select().from(games)).filter((g) => g.status !== "closed");
    expect(live).toEqual([]);
    const late = await connect(rooms[0]!.room).catch(() => null);
    expect(late).toBeNull();
  });

  it("relaunching on a number whose room still holds an old game ends that game first", async () => {
    const l = await launch();
    const gameId = (await gameOf(l))!.id;
    const a = await join(l.room);
    // The registry forgot the old game (closed by hand) while its room still runs.
    await db().update(games).set({ status: "closed" }).where(eq(games.id, gameId));
    const old = (await roomState(l.room))!;
    const stub = env.GameRoom.get(env.GameRoom.idFromName(l.room));
    const result = await stub.launch({ gameId: "relaunched", quizUniqueName: l.quiz.uniqueName, ownerId: l.owner.id, quiz: old.quiz, settings: old.settings });
    expect(result.ok).toBe(true);
    expect((await a.next("player_kicked")).reason).toBe("ended");
    expect((await roomState(l.room))!.seats).toEqual([]);
    expect(await stub.presenterInfo(gameId)).toBeNull();
    expect((await stub.presenterInfo("relaunched"))?.phase).toBe("lobby");
    // Launching the same game twice (a retried call) gives the same token.
    const again = await stub.launch({ gameId: "relaunched", quizUniqueName: l.quiz.uniqueName, ownerId: l.owner.id, quiz: old.quiz, settings: old.settings });
    expect(again).toEqual(result);
  });
});
