/** What the GameRoom Durable Object needs from the engine, in one import. */
export * from "./game";
export {
  type CreateGameInput,
  type GameCore,
  type GameSettings,
  type GameState,
  type Seat,
  type SeatAnswer,
  type SeatId,
  ANSWER_TIME_OPTIONS,
  DEFAULT_SETTINGS,
  HELP_ZONE_OPTIONS,
  LOBBY_SEAT_TTL_MS,
  PRESENTER_AWAY_MS,
  RECONNECT_GRACE_MS,
  ROOM_IDLE_MS,
  STARTING_MS,
  coreOf,
  createGame,
  fromStorage,
} from "./state";
export { round2 } from "./scoring";
