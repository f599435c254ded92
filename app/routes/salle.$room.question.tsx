import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { MSG } from "@common/messages";
import { publicMeta } from "~/features/public/meta";
import { PublicError } from "~/features/public/PublicError";
import { QuestionPage } from "~/features/public/QuestionPage";
import { requireAccount } from "~/server/auth.server";
import { pageLoader } from "~/server/http.server";
import { localeOf, translator } from "~/server/i18n.server";
import { parseParams } from "~/server/input.server";
import { Refusal } from "~/server/refusal.server";
import { roomPageHeaders, roomQuestionPage } from "~/server/room-question.server";
import publicCss from "~/features/public/public.css?url";

/**
 * /salle/{room}/question: « Retour photo & carte », the question the room revealed last, for the
 * room's owner and the admin. Its address names the room, not the quiz.
 */
const Params = z.object({ room: z.string() });

export const loader = pageLoader(async ({ request, context, params }: LoaderFunctionArgs) => {
  const account = await requireAccount(request, context);
  const { room } = parseParams(params, Params, Refusal.notFound(MSG.roomNotFound));
  const page = await roomQuestionPage(context, account, room);
  const t = translator(localeOf(request));
  return { ...page, title: t("public.meta.question", { quiz: page.quizName, n: page.question.index + 1 }) };
});
export const headers = roomPageHeaders;

export const links: LinksFunction = () => [{ rel: "stylesheet", href: publicCss }];

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => publicMeta(data, matches);

export default function RoomQuestionRoute() {
  return <QuestionPage data={useLoaderData<typeof loader>()} />;
}

export const ErrorBoundary = PublicError;
