import { asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { accounts, gamePlayers, games } from "@db/schema";
import { startRound } from "~/server/rooms/games.server";
import { playRound } from "../support/launch";
import { IDLE_SEAT_TTL_MS, STARTING_MS } from "@party/engine";
import { advance, appContext, cookieOf, db, fetchRanking, join, launch, make, postRound, presenter, refusal, reloadRoom, roomState } from "../support/workers";

const SPOTS = [
  { lat: 48.8584, lng: 2.2945 },
  { lat: 45.764, lng: 4.8357 },
];
const near = (spot: { lat: number; lng: number }, dLat: number) => ({ lat: spot.lat + dLat, lng: spot.lng });

const play = (l: { room: string }, ...args: Parameters<typeof playRound>) =>
  playRound(args[0], args[1], () => advance(l.room, STARTING_MS));

const roomRows = (room: string) => db().select().from(games).where(eq(games.roomNumber, room)).orderBy(asc(games.createdAt));
const gamesLeft = async (id: number) => (await db().select().from(accounts).where(eq(accounts.id, id)))[0]!.gamesLeft;

describe("rounds in one room", () => {
  it("closes the finished game and opens the next under the same number, counting each round's start", async () => {
    const owner = await make.mj({ gamesLeft: 3 });
    const l = await launch({ owner, spots: SPOTS });
    const pres = await presenter(l);
    const a = await join(l.room);
    const b = await join(l.room);

    // Not before the end of the game, and never for somebody else's room.
    expect(await refusal(startRound(appContext(), owner, l.room, { kind: "replay" }))).toEqual({
      status: 409,
      error: "La manche en cours n'est pas terminée",
    });
    const stranger = await make.mj();
    expect((await refusal(startRound(appContext(), stranger, l.room, { kind: "replay" }))).status).toBe(404);

    await play(l, pres, [
      [a, [SPOTS[0]!, SPOTS[1]!]],
      [b, [near(SPOTS[0]!, 0.001), near(SPOTS[1]!, 0.001)]],
    ]);
    const endA = await a.next("player_endGame");
    expect(endA.night).toBeNull();
    expect(await gamesLeft(owner.id)).toBe(2);

    // A non-owner posting the presenter's form is refused the same way, and nothing changes.
    const strangerPost = await postRound(l, { intent: "replay" }, await cookieOf(stranger));
    expect(strangerPost.status).toBe(404);
    expect(await roomRows(l.room)).toHaveLength(1);

    // « Rejouer » through the presenter page's form: back to the room's page.
    const replay = await postRound(l, { intent: "replay" });
    expect(replay.status).toBe(302);
    expect(replay.location).toBe(`/mj/salle/${l.room}`);
    const rows = await roomRows(l.room);
    expect(rows.map((r) => r.status)).toEqual(["closed", "lobby"]);
    expect(rows[1]!.settings).toEqual(rows[0]!.settings);
    expect(rows[1]!.ownerId).toBe(owner.id);
    // The finished game kept its history, written before its row was closed.
    expect(rows[0]!.results).not.toBeNull();
    const players = await db().select().from(gamePlayers).where(eq(gamePlayers.gameId, rows[0]!.id));
    expect(players.map((p) => p.rank).sort()).toEqual([1, 2]);
    // Every phone and the presenter are in the new lobby, with the same seats.
    expect(await a.next("player_joinRoom_callback", (m) => m.phase === "lobby")).toMatchObject({ playerID: a.playerID, token: a.token });
    expect(await pres.next("pres_newRoom_callback", (m) => m.phase === "lobby")).toMatchObject({ playersCount: 2, roomID: l.room });
    const second = await roomState(l.room);
    expect(second!.round).toBe(2);
    // The new round starts from no answers, in storage too.
    expect(second!.seats.map((s) => s.answers)).toEqual([{}, {}]);
    expect(await reloadRoom(l.room)).toEqual(second);
    // The lobby does not spend a game; its start does, as a launch's does.
    expect(await gamesLeft(owner.id)).toBe(2);
    await play(l, pres, [
      [a, [near(SPOTS[0]!, 0.002), near(SPOTS[1]!, 0.002)]],
      [b, [SPOTS[0]!, SPOTS[1]!]],
    ]);
    expect(await gamesLeft(owner.id)).toBe(1);
    const endB = await b.next("player_endGame", (m) => m.night !== null);
    expect(endB.night!.round).toBe(2);
    // The presenter pages the whole night over HTTP: every seat, the lines the phones got.
    const full = await fetchRanking(l);
    expect(full.status).toBe(200);
    expect(full.body.phase).toBe("over");
    const nightLines = full.body.night as { playerID: string; rank: number; points: number }[];
    expect(nightLines.map((x) => x.playerID).sort()).toEqual([a.playerID, b.playerID].sort());
    expect(nightLines).toEqual(endB.night!.ranking);
    expect(nightLines.find((x) => x.playerID === b.playerID)).toEqual(endB.night!.me);

    // Out of games: a clear refusal, and neither row moves.
    await db().update(accounts).set({ gamesLeft: 0 }).where(eq(accounts.id, owner.id));
    const over = await postRound(l, { intent: "round", quiz: l.quiz.uniqueName, mode: "team", max_team: "2" });
    expect(over.status).toBe(403);
    // The refusal travels as words (its message and values): the big screen says it in the night's language.
    expect(over.text).toContain("server.game.noGamesLeft");
    expect(await refusal(startRound(appContext(), owner, l.room, { kind: "replay" }))).toEqual({
      status: 403,
      error: "Vous n'avez plus de parties disponibles",
    });
    expect((await roomRows(l.room)).map((r) => r.status)).toEqual(["closed", "over"]);
    expect((await roomState(l.room))!).toMatchObject({ phase: "over", round: 2 });
  }, 30_000);

  it("keeps the seat and the night of a phone away through the break, and frees a seat that never played", async () => {
    const l = await launch({ spots: SPOTS });
    const pres = await presenter(l);
    const a = await join(l.room);
    const b = await join(l.room);
    await play(l, pres, [
      [a, [SPOTS[0]!, SPOTS[1]!]],
      [b, [near(SPOTS[0]!, 0.001), near(SPOTS[1]!, 0.001)]],
    ]);
    const round1 = await a.next("player_endGame");
    expect((await postRound(l, { intent: "replay" })).status).toBe(302);
    await a.next("player_joinRoom_callback", (m) => m.phase === "lobby");
    // In the new lobby a's phone goes (locked in a pocket) and a newcomer comes and goes.
    const newcomer = await join(l.room);
    a.close();
    newcomer.close();
    await pres.next("pres_newPlayer", (m) => m.player.playerID === a.playerID && !m.player.connected);
    await pres.next("pres_newPlayer", (m) => m.player.playerID === newcomer.playerID && !m.player.connected);

    // Well past the lobby's grace: the seat that played stays, the other is gone.
    await advance(l.room, IDLE_SEAT_TTL_MS + 60_000);
    const state = (await roomState(l.room))!;
    expect(state.seats.map((x) => x.id)).toEqual([a.playerID, b.playerID]);
    expect(state.seats[0]!.night).toMatchObject({ rounds: 1, answered: 2 });
    expect(await reloadRoom(l.room)).toEqual(state);

    // The phone comes back with its token: its seat, its pseudo, and in round 2's end its night.
    const back = await join(l.room, { token: a.token });
    expect(back.playerID).toBe(a.playerID);
    expect(back.pseudo).toBe(a.pseudo);
    await play(l, pres, [
      [back, [SPOTS[0]!, SPOTS[1]!]],
      [b, [near(SPOTS[0]!, 0.001), near(SPOTS[1]!, 0.001)]],
    ]);
    const round2 = await back.next("player_endGame", (m) => m.night !== null);
    expect(round2.night!.me.playerID).toBe(a.playerID);
    expect(Math.abs(round2.night!.me.points - (round1.pointsTotal + round2.pointsTotal))).toBeLessThanOrEqual(0.011);
  }, 30_000);

  it("plays « Autre quiz » with its own launch options, refused for a quiz not the account's", async () => {
    const owner = await make.mj();
    const l = await launch({ owner, spots: SPOTS });
    const pres = await presenter(l);
    const a = await join(l.room);
    await play(l, pres, [[a, [SPOTS[0]!, SPOTS[1]!]]]);
    const theirs = await make.quiz(await make.mj());
    expect((await postRound(l, { intent: "round", quiz: theirs.uniqueName })).status).toBe(404);
    expect((await postRound(l, { intent: "round", quiz: l.quiz.uniqueName, time: "17" })).status).toBe(400);
    const other = await make.quiz(owner, { questions: [{ lat: 43.3, lng: 5.37 }, { lat: 44.8, lng: -0.58 }, { lat: 47.2, lng: -1.55 }] });
    const res = await postRound(l, { intent: "round", quiz: other.uniqueName, mode: "team", max_team: "2", time: "30", icon: "random" });
    expect(res.status).toBe(302);
    expect(res.location).toBe(`/mj/salle/${l.room}`);
    const rows = await roomRows(l.room);
    expect(rows.map((r) => [r.status, r.quizUniqueName, r.mode])).toEqual([
      ["closed", l.quiz.uniqueName, "player"],
      ["lobby", other.uniqueName, "team"],
    ]);
    const state = (await roomState(l.room))!;
    expect(state.quiz.questions).toHaveLength(3);
    expect(state.settings).toMatchObject({ mode: "team", maxTeam: 2, answerTimeSec: 30 });
    const back = await a.next("player_joinRoom_callback", (m) => m.phase === "lobby");
    expect(back).toMatchObject({ playerID: a.playerID, mode: "team", questionsNb: 3 });
    expect(["bleu", "jaune"]).toContain(back.team);
  }, 30_000);
});
