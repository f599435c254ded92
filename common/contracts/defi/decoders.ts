/**
 * The défi's bodies as the browser reads them (types.ts says what each is): the phone's calls and
 * the MJ's. No zod: the phone's défi page carries these (../decode.ts).
 */
import { bool, list, nullable, num, object, oneOf, str } from "../../wire/codec";
import { ADAPTED_KINDS, ADAPTED_SPEEDS, type AdaptedTime, type AdaptedTimeInfo } from "../../rules/adapted-time";
import { DEFI_NAME_MODES, DEFI_REVEALS } from "../../rules/defi";
import { LINE_FLAGS } from "../../rules/scripted-lines";
import { bounds, decoderOf, latLng, mapSettings, nullableLatLng, oneOfDecoders, targetSettings } from "../decode";
import type {
  DefiAdmin,
  DefiCreated,
  DefiInfo,
  DefiLeaderboard,
  DefiMe,
  DefiOpened,
  DefiQuestion,
  DefiQuestionResults,
  DefiReveal,
  DefiJoined,
  DefiState,
  LeaderboardLine,
} from "./types";

const adaptedInfoFields = { kind: oneOf(ADAPTED_KINDS), speed: oneOf(ADAPTED_SPEEDS), all: bool, ask: bool };
const adaptedInfo = object(adaptedInfoFields);
const adapted = object({ ...adaptedInfoFields, names: list(str()) });

const info = object({
  code: str(),
  quizName: str(),
  description: str(),
  questionCount: num(),
  answerTimeSec: num(),
  speedPointsMax: num(),
  nameMode: oneOf(DEFI_NAME_MODES),
  reveal: oneOf(DEFI_REVEALS),
  boardHidden: bool,
  adapted: nullable(adaptedInfo),
  deadline: num(),
  open: bool,
  mapSettings,
  targets: targetSettings,
});

const me = object({
  playerNo: num(),
  name: str(),
  marker: str(),
  question: num(),
  questionOpen: bool,
  adapted: bool,
  total: num(),
  timeMs: num(),
});

const question = object({ index: num(), photoUrl: str(), remainingMs: nullable(num()), help: nullable(bounds) });

const reveal = object({
  index: num(),
  title: nullable(str()),
  spot: nullableLatLng,
  answer: nullableLatLng,
  distanceM: nullable(num()),
  ring: num(),
  points: num(),
  timeMs: nullable(num()),
  total: num(),
  remaining: num(),
});

const line = object({ rank: num(), name: str(), marker: str(), points: num(), played: num(), me: bool, adapted: bool });

const leaderboard = object({
  quizName: str(),
  open: bool,
  practice: bool,
  hidden: bool,
  adapted: nullable(adaptedInfo),
  deadline: num(),
  questionCount: num(),
  playersCount: num(),
  lines: list(line),
  own: nullable(line),
  answersMap: nullable(object({ bounds, targets: targetSettings })),
});

const questionResults = object({
  index: num(),
  questionCount: num(),
  title: str(),
  spot: latLng,
  photoUrl: nullable(str()),
  answers: list(object({ lat: num(), lng: num(), ring: num() })),
  mine: nullable(
    object({ answer: nullableLatLng, distanceM: nullable(num()), ring: num(), points: num(), timeMs: nullable(num()) }),
  ),
});

const adminPlayer = object({
  playerNo: num(),
  name: str(),
  points: num(),
  played: num(),
  joinedAt: num(),
  network: str(),
  flags: list(oneOf(LINE_FLAGS)),
  adapted: bool,
});

const admin = object({
  gameId: str(),
  code: str(),
  path: str(),
  deadline: num(),
  open: bool,
  nameMode: oneOf(DEFI_NAME_MODES),
  reveal: oneOf(DEFI_REVEALS),
  boardHidden: bool,
  adapted: nullable(adapted),
  players: list(adminPlayer),
  bans: num(),
});

const created = object({ gameId: str(), code: str(), path: str(), deadline: num(), leftOut: list(num()) });

// Each part is its contract's type exactly (checked by the type-check alone).
const _parts = [
  decoderOf<AdaptedTimeInfo>()(adaptedInfo),
  decoderOf<AdaptedTime>()(adapted),
  decoderOf<DefiInfo>()(info),
  decoderOf<DefiMe>()(me),
  decoderOf<DefiQuestion>()(question),
  decoderOf<LeaderboardLine>()(line),
];
void _parts;

/** GET /api/defi/{code}/state. */
export const decodeDefiState = decoderOf<DefiState>()(object({ defi: info, me: nullable(me) }));

/** POST /api/defi/{code}/join. */
export const decodeDefiJoined = decoderOf<DefiJoined>()(object({ defi: info, me: nullable(me), question: nullable(question) }));

/** POST /api/defi/{code}/open: a question, a question missed, or nothing left. */
export const decodeDefiOpened: (body: unknown) => DefiOpened | null = oneOfDecoders<DefiOpened>(
  decoderOf<Extract<DefiOpened, { kind: "question" }>>()(object({ kind: oneOf(["question"] as const), question })),
  decoderOf<Extract<DefiOpened, { kind: "missed" }>>()(object({ kind: oneOf(["missed"] as const), reveal })),
  decoderOf<Extract<DefiOpened, { kind: "finished" }>>()(object({ kind: oneOf(["finished"] as const) })),
);

/** POST /api/defi/{code}/answer. */
export const decodeDefiReveal = decoderOf<DefiReveal>()(reveal);

/** GET /api/defi/{code}/ranking. */
export const decodeDefiLeaderboard = decoderOf<DefiLeaderboard>()(leaderboard);

/** GET /api/defi/{code}/answers/{n}, once the défi is over. */
export const decodeDefiQuestionResults = decoderOf<DefiQuestionResults>()(questionResults);

/** POST /api/defis/new (the MJ's « Créer un défi »). */
export const decodeDefiCreated = decoderOf<DefiCreated>()(created);

/** POST /api/defis/{gameId} (the MJ's changes to a défi): the défi as its report shows it. */
export const decodeDefiAdmin = decoderOf<DefiAdmin>()(admin);
