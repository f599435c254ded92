/** What the GameRoom Durable Object needs from the engine, in one import. */
export * from "./game";
export { type NewRoundInput, newRound } from "./rounds";
export {
  type CreateGameInput,
  type GameCore,
  type GameSettings,
  type GameState,
  type Presence,
  type Seat,
  type SeatAnswer,
  type SeatId,
  DEFAULT_SETTINGS,
  IDLE_SEAT_TTL_MS,
  PRESENTER_AWAY_MS,
  RECONNECT_GRACE_MS,
  ROOM_IDLE_MS,
  coreOf,
  createGame,
  fromStorage,
  withPresence,
} from "./state";
export { round2 } from "@common/rules/scoring";
// A common/rules timing, also reachable here for code that drives a room and waits for its start.
export { STARTING_MS } from "@common/rules";
