/** What the GameRoom Durable Object needs from the engine, in one import. */
export * from "./game";
export { newRound } from "./rounds";
export {
  type GameSettings,
  type GameState,
  type Seat,
  type SeatAnswer,
  type SeatId,
  IDLE_SEAT_TTL_MS,
  PRESENTER_AWAY_MS,
  ROOM_IDLE_MS,
  capacityOf,
  createGame,
  withPresence,
} from "./state";
export { type GameCore, fromStorage, readStoredSettings } from "./stored-formats";
export { round2 } from "@common/rules/scoring";
// A common/rules timing, also reachable here for code that drives a room and waits for its start.
export { STARTING_MS } from "@common/rules";
