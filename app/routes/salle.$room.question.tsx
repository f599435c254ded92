import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { MSG } from "@common/messages";
import { PublicError } from "~/features/public/PublicError";
import { QuestionPage } from "~/features/public/QuestionPage";
import { requireAccount } from "~/server/auth.server";
import { pageLoader } from "~/server/http.server";
import { parseParams } from "~/server/input.server";
import { Refusal } from "~/server/refusal.server";
import { roomPageHeaders, roomQuestionPage } from "~/server/room-question.server";
import { clientAddress, countRoomCall } from "~/server/throttle.server";
import publicCss from "~/features/public/public.css?url";

/**
 * /salle/{room}/question: « Retour photo & carte », the question the room revealed last, for the
 * room's owner and the admin. Its address names the room, not the quiz.
 */
const Params = z.object({ room: z.string() });

export const loader = pageLoader(async ({ request, context, params }: LoaderFunctionArgs) => {
  const account = await requireAccount(request, context);
  const { room } = parseParams(params, Params, Refusal.notFound(MSG.roomNotFound));
  await countRoomCall(context, clientAddress(request));
  return roomQuestionPage(context, account, room);
});
export const headers = roomPageHeaders;

export const links: LinksFunction = () => [{ rel: "stylesheet", href: publicCss }];

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `${data.quizName} — question ${data.question.index + 1} — Repère` : "Question introuvable — Repère" },
  { name: "robots", content: "noindex" },
];

export default function RoomQuestionRoute() {
  return <QuestionPage data={useLoaderData<typeof loader>()} />;
}

export const ErrorBoundary = PublicError;
