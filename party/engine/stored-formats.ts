/**
 * The room's state as it is stored, and the upcasters that read any stored format back into
 * today's `GameState`: the Durable Object's storage (party/state-storage.ts) writes `coreOf` and
 * the seats and reads them back through `fromStorage`; the app reads a game row's settings
 * (D1 `games.settings`) through `readStoredSettings`. Pure: each older format is one rename or one
 * default here, so the engine itself only ever sees today's shape.
 */
import { readStoredHelpSquare } from "@common/wire/help-square";
import { readStoredQuiz } from "@common/wire/quiz-question";
import type { GameSettings, GameState, Seat } from "./state";
import { tallyOf } from "./tally";

// Storage: at 2000 players the whole state outgrows one storage value, so the room stores the
// core under one key and each seat under its own, rewriting only the seats a step touched.
export type GameCore = Omit<GameState, "seats">;

export function coreOf(state: GameState): GameCore {
  const { seats: _seats, ...core } = state;
  return core;
}

/**
 * Settings fields by the names rooms (Durable Object storage) and game rows (D1 `games.settings`)
 * stored them before the code named them in English with their unit: old name -> name today.
 */
const STORED_SETTINGS_NAMES: Readonly<Record<string, keyof GameSettings>> = {
  helpZone: "helpZoneM",
  pointMaxTemps: "speedPointsMax",
  circlesPoints: "ringPoints",
};

/**
 * Stored settings under today's names, whichever names they were stored with (the same object if
 * today's); a game stored before « Photo sur les téléphones » existed had it off.
 */
export function readStoredSettings(stored: unknown): GameSettings {
  const s = stored as Record<string, unknown>;
  if (typeof s.photoOnPhones === "boolean" && !Object.keys(STORED_SETTINGS_NAMES).some((old) => old in s)) return stored as GameSettings;
  const out: Record<string, unknown> = { ...s, photoOnPhones: s.photoOnPhones === true };
  for (const [old, name] of Object.entries(STORED_SETTINGS_NAMES)) {
    if (!(old in out)) continue;
    if (!(name in out)) out[name] = out[old];
    delete out[old];
  }
  return out as unknown as GameSettings;
}

export function fromStorage(stored: GameCore, seats: readonly Seat[]): GameState {
  const core = readStoredCore(stored);
  const sorted = [...seats].sort((a, b) => a.no - b.no);
  // Rooms stored before the lock existed are unlocked, before rounds in their first, before extra
  // time with none; before the tally, it is counted once here.
  const tally =
    core.tally?.question === core.questionIndex ? core.tally : tallyOf({ questionIndex: core.questionIndex, quiz: core.quiz, seats: sorted });
  return {
    ...core,
    settings: readStoredSettings(core.settings),
    locked: core.locked === true,
    round: core.round ?? 1,
    extended: core.extended ?? {},
    seats: sorted,
    tally,
  };
}

/**
 * A room stored before the code said `roomNumber` kept its number under `roomId`, before it said
 * `Bounds` its help squares under the wire's lat1, lon1, lat2, lon2, and before it said `title`
 * its questions' titles under the wire's `titre`.
 */
function readStoredCore(stored: GameCore): GameCore {
  const help = stored.help.map(readStoredHelpSquare);
  const quiz = readStoredQuiz(stored.quiz);
  if (typeof stored.roomNumber === "string") return { ...stored, help, quiz };
  const { roomId, ...rest } = stored as GameCore & { roomId: string };
  return { ...rest, roomNumber: roomId, help, quiz };
}
