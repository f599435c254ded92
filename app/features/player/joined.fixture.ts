/**
 * The room's answer to a phone that joined (Kiwi bleu, seat p1), for the phone's unit tests:
 * each test names only what its story needs (the phase, the answer time, the question count).
 */
import type { PlayerJoinRoomCallback } from "@common/wire/protocol";

export const joinedAs = (overrides: Partial<PlayerJoinRoomCallback> = {}): PlayerJoinRoomCallback => ({
  type: "player_joinRoom_callback",
  playerID: "p1",
  token: "p1_secret",
  pseudo: "Kiwi bleu",
  marker: "Kiwibleu",
  color: "bleu",
  fruit: "kiwi",
  team: null,
  mode: "player",
  iconType: "defined",
  mapSettings: { center: { lat: 45, lng: 5 }, zoom: 12, bounds: { north: 45.1, south: 44.9, east: 5.1, west: 4.9 } },
  pointsSettings: { point_max_temps: 5, circlesPoints: [2, 3, 4, 5] },
  helpSettings: [],
  maxAnswerTime: 30,
  questionsNb: 10,
  phase: "lobby",
  ...overrides,
});
