/**
 * The room's own pages for its owner and the admin (docs/architecture.md, Pages and HTTP API):
 * « Retour photo & carte » (/salle/{room}/question, the question just revealed) and the photos of
 * the presenter's screen (/api/salle/{room}/photos/{file}), which the phones also load when the
 * game shows the photos on them. Their addresses name the room, not the
 * quiz: both are opened on the projector, and the quiz's unique name is its public /watch link.
 */
import type { AppLoadContext, HeadersFunction } from "@remix-run/cloudflare";
import type { Account, Game } from "@db/schema";
import type { LaunchOptions } from "@common/rules";
import { roomPhotoUrl } from "@common/media/urls";
import { MSG } from "@common/contracts/messages";
import { playedQuestion, questionDescription, quizMapView, type QuestionPageData } from "@common/contracts/public/quiz";
import { ownedLiveGame, roomStub } from "./games.server";
import { liveGame } from "./rooms.server";
import { serveQuestionPhoto } from "../media/media.server";
import { Refusal } from "../http/refusal.server";
import type { Words } from "@common/i18n/ids";
import { m } from "@common/i18n/words";

const NOTHING_REVEALED = m("server.nothingRevealed");

/** The live game of the room for its owner (admin: any); anyone else finds nothing there. */
async function ownedRoom(context: AppLoadContext, account: Account, room: string, missing: Words): Promise<Game> {
  const game = await ownedLiveGame(context, account, room);
  if (!game) throw Refusal.notFound(missing);
  return game;
}

/** What the room page shows changes with the game: never cached. */
export const roomPageHeaders: HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

/** /salle/{room}/question: the last question the room revealed, as the room played it. */
export async function roomQuestionPage(context: AppLoadContext, account: Account, room: string): Promise<QuestionPageData> {
  const game = await ownedRoom(context, account, room, MSG.roomNotFound);
  const revealed = await roomStub(context, game.roomNumber)
    .revealed(game.id)
    .catch((error: unknown) => {
      console.error(`roomQuestionPage ${game.roomNumber}: room did not answer`, error);
      return null;
    });
  if (!revealed) throw Refusal.notFound(MSG.roomNotFound);
  const index = revealed.questions.length - 1;
  if (index < 0) throw Refusal.notFound(NOTHING_REVEALED);
  const played = revealed.questions[index]!;
  const question = playedQuestion(played, index);
  if (question.media.kind === "photo") question.media = { kind: "photo", url: roomPhotoUrl(game.roomNumber, question.media.url) };
  return {
    quizName: revealed.name,
    subtitle: m("public.questionOf", { n: index + 1, total: revealed.questionCount }),
    question,
    description: questionDescription(played, revealed),
    notice: null,
    map: quizMapView(revealed.mapSettings, [question.position]),
  };
}

/** A photo of the room's quiz: `file` a PICTURE_FILE. */
interface RoomPhoto {
  room: string;
  file: string;
}

/**
 * /api/salle/{room}/photos/{file}: a photo of the quiz the room plays. Its owner and the admin get
 * any of them (the presenter's screen). When the game shows the photos on the phones (« Photo sur
 * les téléphones »), anyone gets those of the questions the room has opened so far, the open one
 * included, and no other: a phone loads a question's photo when it opens, never before.
 * `caller` is asked only for the other photos, so a phone needs no account and an anonymous
 * caller of another photo gets the usual 401/403.
 */
export async function serveRoomPhoto(
  context: AppLoadContext,
  caller: () => Promise<Account>,
  { room, file }: RoomPhoto,
  conditions: Headers,
): Promise<Response> {
  const game = (await shownOnPhones(context, room, file)) ?? (await ownedRoom(context, await caller(), room, MSG.fileNotFound));
  return serveQuestionPhoto(context.db, context.cloudflare.env.BUCKET, game.quizUniqueName, file, conditions);
}

/** The room's game when the photo asked for is one its phones may load now; null otherwise. */
async function shownOnPhones(context: AppLoadContext, room: string, file: string): Promise<Game | null> {
  const game = await liveGame(context.db, room);
  if (!game || (game.settings as Partial<LaunchOptions> | null)?.photoOnPhones !== true) return null;
  const files = await roomStub(context, game.roomNumber)
    .phonePhotos(game.id)
    .catch((error: unknown) => {
      console.error(`shownOnPhones ${game.roomNumber}: room did not answer`, error);
      return null;
    });
  return files?.includes(file) ? game : null;
}
