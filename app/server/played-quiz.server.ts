/**
 * A quiz being played (docs/architecture.md, Security model). Its unique name, the public /watch
 * link, may be seen in the room, and /watch, /question and the question photos would otherwise
 * list every answer. While a room plays the quiz (a game in lobby or live), anyone but the quiz's
 * owner and the admin sees only the questions every such room has revealed; each room's own state
 * says which (GameRoom.revealed). A visit costs one D1 read of the live games and, while the quiz
 * is played, one call per room playing it: nothing grows with the players.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { and, eq, sql } from "drizzle-orm";
import { defis, games, quizzes, type Account } from "@db/schema";
import type { QuizQuestion } from "@common/protocol";
import { photoFileOf } from "@common/media-urls";
import { revealedEverywhere } from "@common/public-quiz";
import { MSG } from "@common/messages";
import { canAccess } from "./auth.server";
import { roomStub } from "./games.server";
import { Refusal } from "./refusal.server";

/**
 * What a visitor may see of a quiz: `questions` null is every question; otherwise only those.
 * `playing` says a room plays the quiz now (the owner sees everything and is told so).
 */
type PublicScope = { playing: boolean; questions: QuizQuestion[] | null };

const WHOLE: PublicScope = { playing: false, questions: null };

/** The games playing the quiz now, with the quiz's owner. */
async function playingGames(context: AppLoadContext, quizUniqueName: string) {
  return context.db
    .select({ id: games.id, roomNumber: games.roomNumber, kind: games.kind, quizOwner: quizzes.ownerId })
    .from(games)
    .innerJoin(quizzes, eq(quizzes.uniqueName, games.quizUniqueName))
    .where(
      and(
        eq(games.quizUniqueName, quizUniqueName),
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

/** What the visitor may see of the quiz. */
export async function publicScope(context: AppLoadContext, viewers: Viewers, quizUniqueName: string): Promise<PublicScope> {
  const live = await playingGames(context, quizUniqueName);
  if (live.length === 0) return WHOLE;
  if (await seesWholeQuiz(viewers, live[0]!.quizOwner)) return { playing: true, questions: null };
  const rooms = await Promise.all(live.map((game) => revealedIn(context, game)));
  return { playing: true, questions: revealedEverywhere(rooms) };
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
  const { questions } = await publicScope(context, viewers, quizName);
  if (questions && !questions.some((q) => q.imageUrl !== null && photoFileOf(q.imageUrl) === file)) {
    throw Refusal.notFound(MSG.fileNotFound);
  }
}
