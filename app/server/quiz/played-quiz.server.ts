/**
 * A quiz being played (docs/architecture.md, Security model). Its unique name, the public /watch
 * link, may be seen in the room, and /watch, /question and the question photos would otherwise
 * list every answer. While a room plays the quiz (a game in lobby or live), anyone but the quiz's
 * owner and the admin sees only the questions every such room has revealed; each room's own state
 * says which (GameRoom.revealed). The same holds for the owner's other quizzes that share its
 * answers (a copy made while it is played, or before): while a game of one is played, the public
 * pages of the others show none of its spots it has not revealed. A visit costs one D1 read of
 * the owner's live games and, while one is played, one call per room playing it, and one read of
 * the spots of the quizzes they play: nothing grows with the players.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { and, eq, inArray, sql } from "drizzle-orm";
import { defis, games, questions, quizzes, type Account, type Quiz } from "@db/schema";
import type { QuizQuestion } from "@common/wire/protocol";
import { photoFileOf } from "@common/media/urls";
import { revealedEverywhere, spotKey, spotsStillSecret } from "@common/contracts/public/quiz";
import { MSG } from "@common/contracts/messages";
import { canAccess } from "../auth/auth.server";
import { roomStub } from "../rooms/games.server";
import { findQuiz } from "./quizzes.server";
import { Refusal } from "../http/refusal.server";

/**
 * What a visitor may see of a quiz: `questions` null is every question, else only those (as the
 * rooms playing it played them); in either case none whose spot is in `secret` (spotKey: another
 * quiz of the owner being played shares it and has not revealed it). `playing` says a game that
 * concerns the quiz is played now (the owner sees everything and is told so).
 */
export type PublicScope = { playing: boolean; questions: QuizQuestion[] | null; secret: ReadonlySet<string> };

const NOTHING: ReadonlySet<string> = new Set();
const WHOLE: PublicScope = { playing: false, questions: null, secret: NOTHING };

/** Whether the scope lets the public see a question at this spot. */
export const shownAt = (scope: PublicScope, spot: { lat: number; lng: number }) => !scope.secret.has(spotKey(spot));

/** The games playing a quiz of this owner now, whichever quiz. */
async function playingGames(context: AppLoadContext, ownerId: number) {
  return context.db
    .select({ id: games.id, roomNumber: games.roomNumber, kind: games.kind, quiz: games.quizUniqueName })
    .from(games)
    .innerJoin(quizzes, eq(quizzes.uniqueName, games.quizUniqueName))
    .where(
      and(
        eq(quizzes.ownerId, ownerId),
        // Written out as the registry's partial index reads (games_live_room_unique): SQLite then
        // scans only the live games, however long the history grows.
        sql`${games.status} <> 'closed'`,
        sql`${games.status} IN ('lobby', 'live')`,
        // A défi past its deadline is over, even before anyone has read it since.
        sql`NOT EXISTS (SELECT 1 FROM ${defis} WHERE ${defis.gameId} = ${games.id} AND ${defis.deadline} <= ${Date.now()})`,
      ),
    );
}

/**
 * Who is asking: the accounts logged in on the visitor's browser, maybe none (the route's
 * sessionAccounts), read only while the quiz is played: a visit to a quiz nobody plays reads no
 * session.
 */
export type Viewers = () => Promise<readonly Account[]>;

/** The quiz's owner or the admin, by either side's session. */
const seesWholeQuiz = async (viewers: Viewers, ownerId: number) => (await viewers()).some((account) => canAccess(account, ownerId));

/**
 * What one room has revealed; a room that cannot say counts as having revealed nothing. An open
 * défi reveals nothing to the public: each player meets the answers at their own pace.
 */
async function revealedIn(context: AppLoadContext, game: { id: string; roomNumber: string; kind: "room" | "defi" }): Promise<QuizQuestion[]> {
  if (game.kind === "defi") return [];
  try {
    const revealed = await roomStub(context, game.roomNumber).revealed(game.id);
    return revealed?.questions ?? [];
  } catch (error) {
    console.error(`revealedIn ${game.roomNumber}: room did not answer`, error);
    return [];
  }
}

/** The spots of each of these quizzes' questions, as D1 holds them now. */
async function spotsOf(context: AppLoadContext, quizNames: readonly string[]) {
  const rows = await context.db
    .select({ quiz: questions.quizUniqueName, lat: questions.lat, lng: questions.lng })
    .from(questions)
    .where(inArray(questions.quizUniqueName, [...quizNames]));
  const byQuiz = new Map<string, { lat: number; lng: number }[]>(quizNames.map((q) => [q, []]));
  for (const r of rows) byQuiz.get(r.quiz)!.push({ lat: r.lat, lng: r.lng });
  return byQuiz;
}

/** What the visitor may see of the quiz. */
export async function publicScope(context: AppLoadContext, viewers: Viewers, quiz: Pick<Quiz, "uniqueName" | "ownerId">): Promise<PublicScope> {
  const live = await playingGames(context, quiz.ownerId);
  if (live.length === 0) return WHOLE;
  const own = live.filter((g) => g.quiz === quiz.uniqueName);
  let others = live.filter((g) => g.quiz !== quiz.uniqueName);
  const spots = others.length > 0 ? await spotsOf(context, [quiz.uniqueName, ...new Set(others.map((g) => g.quiz))]) : null;
  if (spots) {
    // Only the games whose quiz gives away one of this quiz's answers concern it.
    const mine = new Set(spots.get(quiz.uniqueName)!.map(spotKey));
    others = others.filter((g) => spots.get(g.quiz)!.some((p) => mine.has(spotKey(p))));
  }
  if (own.length === 0 && others.length === 0) return WHOLE;
  if (await seesWholeQuiz(viewers, quiz.ownerId)) return { playing: true, questions: null, secret: NOTHING };
  const [ownRooms, otherRooms] = await Promise.all([
    Promise.all(own.map((game) => revealedIn(context, game))),
    Promise.all(others.map((game) => revealedIn(context, game))),
  ]);
  const secret = spots
    ? spotsStillSecret(
        spots.get(quiz.uniqueName)!,
        others.map((game, i) => ({ spots: spots.get(game.quiz)!, revealed: otherRooms[i]! })),
      )
    : NOTHING;
  return { playing: true, questions: own.length > 0 ? revealedEverywhere(ownRooms) : null, secret };
}

/**
 * The question photo route's check: while the quiz is played, a photo of a question not revealed
 * yet is, to the public, as missing as any other file.
 */
export async function requireShownPhoto(
  context: AppLoadContext,
  viewers: Viewers,
  quizName: string,
  file: string,
): Promise<void> {
  const quiz = await findQuiz(context.db, quizName);
  if (!quiz) throw Refusal.notFound(MSG.fileNotFound);
  const scope = await publicScope(context, viewers, quiz);
  if (scope.questions) {
    if (!scope.questions.some((q) => q.imageUrl !== null && photoFileOf(q.imageUrl) === file && shownAt(scope, q))) throw Refusal.notFound(MSG.fileNotFound);
    return;
  }
  if (scope.secret.size === 0) return;
  // The quiz is not played itself: its photo shows unless every question using it is kept back.
  const rows = await context.db
    .select({ fileKey: questions.fileKey, lat: questions.lat, lng: questions.lng })
    .from(questions)
    .where(eq(questions.quizUniqueName, quiz.uniqueName));
  const using = rows.filter((r) => r.fileKey !== null && photoFileOf(r.fileKey) === file);
  if (using.length > 0 && !using.some((r) => shownAt(scope, r))) throw Refusal.notFound(MSG.fileNotFound);
}
