// The upcasters: a room (or a game row's settings) stored in any earlier format reads back as
// today's state, and today's format reads back as it was written.
import { describe, expect, it } from "vitest";
import { PROTOCOL_VERSION } from "@common/wire/protocol";
import { hello } from "./game";
import { DEFAULT_SETTINGS, type GameSettings } from "./state";
import { coreOf, fromStorage, readStoredSettings } from "./stored-formats";
import { PRESENTER_TOKEN, makeCtx, newGame, ok, quiz } from "./test-fixtures";

const T = 1_000_000;
const settings = (p: Partial<GameSettings> = {}): GameSettings => ({ ...DEFAULT_SETTINGS, ...p });

/** A lobby with its presenter and two phones. */
function roomWithTwo() {
  const ctx = makeCtx();
  let s = ok(hello(newGame(), { role: "presenter", token: PRESENTER_TOKEN, version: PROTOCOL_VERSION }, T, ctx)).state;
  for (const at of [T + 10, T + 20]) s = ok(hello(s, { role: "player", version: PROTOCOL_VERSION }, at, ctx)).state;
  return { s };
}

describe("stored formats", () => {
  it("reads today's format back as it was written, seats in any order", () => {
    const { s } = roomWithTwo();
    const seats = [...s.seats].reverse();
    expect(s.seats).toHaveLength(2);
    expect(fromStorage(JSON.parse(JSON.stringify(coreOf(s))), JSON.parse(JSON.stringify(seats)))).toEqual(s);
  });

  it("reads a room stored with its number under its former name, roomId", () => {
    const { s: lobby } = roomWithTwo();
    const { roomNumber, ...core } = coreOf(lobby);
    const back = fromStorage({ ...core, roomId: roomNumber } as never, lobby.seats);
    expect(back.roomNumber).toBe(roomNumber);
    expect(back).not.toHaveProperty("roomId");
  });

  it("reads help squares a room stored under the wire's names, lat1, lon1, lat2, lon2", () => {
    const { s: lobby } = roomWithTwo();
    const square = { south: 44.99, west: 4.98, north: 45.01, east: 5.02 };
    const stored = { ...coreOf(lobby), help: [{ lat1: 44.99, lon1: 4.98, lat2: 45.01, lon2: 5.02 }, null] };
    expect(fromStorage(stored as never, lobby.seats).help).toEqual([square, null]);
  });

  it("reads questions a room stored with their title under the wire's name, titre", () => {
    const { s: lobby } = roomWithTwo();
    const core = coreOf(lobby);
    const questions = core.quiz.questions.map(({ title, ...q }) => ({ ...q, titre: title }));
    const back = fromStorage({ ...core, quiz: { ...core.quiz, questions } } as never, lobby.seats);
    expect(back.quiz.questions).toEqual(quiz.questions);
  });

  it("reads settings stored under their former names (a room or a game row from before)", () => {
    const { helpZoneM, speedPointsMax, ringPoints, ...rest } = settings({ helpZoneM: 300, speedPointsMax: 7, ringPoints: [1, 2, 3, 4] });
    expect(readStoredSettings({ ...rest, helpZone: helpZoneM, pointMaxTemps: speedPointsMax, circlesPoints: ringPoints })).toEqual(
      settings({ helpZoneM: 300, speedPointsMax: 7, ringPoints: [1, 2, 3, 4] })
    );
    const { s: lobby } = roomWithTwo();
    const { helpZoneM: _m, speedPointsMax: _p, ringPoints: ring, ...oldSettings } = lobby.settings;
    const stored = { ...oldSettings, helpZone: 300, pointMaxTemps: 7, circlesPoints: ring };
    const back = fromStorage({ ...coreOf(lobby), settings: stored as never }, lobby.seats);
    expect(back.settings).toEqual({ ...lobby.settings, helpZoneM: 300, speedPointsMax: 7 });
    const today = settings();
    expect(readStoredSettings(today)).toBe(today);
  });
});
