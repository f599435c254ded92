import type { LinksFunction, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { PublicError } from "~/features/public/PublicError";
import { QuestionPage } from "~/features/public/QuestionPage";
import { roomPageHeaders, roomQuestionPage } from "~/server/room-question.server";
import publicCss from "~/features/public/public.css?url";

/**
 * /salle/{room}/question: « Retour photo & carte », the question the room revealed last, for the
 * room's owner and the admin. Its address names the room, not the quiz.
 */
export const loader = roomQuestionPage;
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
