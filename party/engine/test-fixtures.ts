/** Shared by the engine tests: a two-question quiz and deterministic randomness. */
import { expect } from "vitest";
import type { QuizSnapshot } from "@common/wire/protocol";
import { type ServerMessage, serverMessages } from "@common/wire/server-to-client";
import type { Ctx, Effect, Step, StepOk } from "./game";
import { DEFAULT_SETTINGS, type GameSettings, type GameState, createGame } from "./state";

export const SPOT0 = { lat: 48, lng: 2 };
export const SPOT1 = { lat: 45, lng: 5 };
/** North of a spot by `m` metres (1 degree of latitude = 111 194.93 m). */
export const north = (spot: { lat: number; lng: number }, m: number) => ({
  lat: spot.lat + m / 111_194.926_644_558_7,
  lng: spot.lng,
});

export const quiz: QuizSnapshot = {
  uniqueName: "tour-de-lyon-x7k2",
  name: "Tour de Lyon",
  description: "Les places de Lyon",
  mapSettings: { center: { lat: 46.5, lng: 3.5 }, zoom: 6, bounds: { north: 49, south: 44, east: 6, west: 1 } },
  questions: [
    {
      name: "q0",
      kind: "photo",
      imageUrl: "/photos/a.jpg",
      streetview: null,
      lat: SPOT0.lat,
      lng: SPOT0.lng,
      title: "A",
      description: "",
    },
    {
      name: "q1",
      kind: "photo",
      imageUrl: "/photos/b.jpg",
      streetview: null,
      lat: SPOT1.lat,
      lng: SPOT1.lng,
      title: "B",
      description: "",
    },
  ],
};

export const PRESENTER_TOKEN = "presenter-token-0123456789";

export function makeCtx(random: () => number = () => 0): Ctx {
  let n = 0;
  return { random, mintSecret: () => `secret${String(++n).padStart(12, "0")}` };
}

export function newGame(settings: Partial<GameSettings> = {}, now = 1_000_000): GameState {
  const made = createGame({
    roomNumber: "123456",
    quiz,
    settings: { ...DEFAULT_SETTINGS, ...settings },
    presenterToken: PRESENTER_TOKEN,
    now,
    random: () => 0.5,
  });
  if (!made.ok) throw new Error(made.code);
  return made.state;
}

export function ok(step: Step): StepOk {
  if (!step.ok) throw new Error(`step failed: ${step.error.code}`);
  // Every message the engine writes goes to the wire and back whole: the table knows each field.
  for (const e of step.effects) if ("msg" in e) expect(serverMessages.toCode(serverMessages.toWire(e.msg))).toStrictEqual(e.msg);
  return step;
}

/**
 * Messages of one type sent to one audience (and seat), as the wire carries them: what the
 * phones and the presenter are told, under the names they read.
 */
export function sent<T extends ServerMessage["type"]>(effects: Effect[], to: Effect["to"], type: T, seatId?: string) {
  const out: ServerMessage[] = [];
  for (const e of effects) {
    if (e.to !== to || !("msg" in e) || e.msg.type !== type) continue;
    if (seatId !== undefined && !(e.to === "seat" && e.seatId === seatId)) continue;
    out.push(serverMessages.toWire(e.msg));
  }
  return out as Extract<ServerMessage, { type: T }>[];
}
