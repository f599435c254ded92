import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { publicMeta } from "~/features/public/meta";
import { PublicError } from "~/features/public/PublicError";
import { QuestionPage } from "~/features/public/QuestionPage";
import { QUIZ_NOT_FOUND } from "@common/public-quiz";
import { sessionAccounts } from "~/server/auth/auth.server";
import { pageLoader } from "~/server/http/http.server";
import { localeOf, translator } from "~/server/i18n/i18n.server";
import { parseQuery } from "~/server/http/input.server";
import { PublicQuizQuery, publicPageHeaders, questionPage } from "~/server/quiz/public-quiz.server";
import { Refusal } from "~/server/http/refusal.server";
import publicCss from "~/features/public/public.css?url";

/**
 * /question?quiz={name}&questionNumber={index}: one question, large. While the quiz is played, only
 * a question already revealed (docs/architecture.md, Security model).
 */
const Query = PublicQuizQuery.extend({
  // The question's 0-based index in the quiz's order; anything else is no question of the quiz,
  // said once the quiz is found (a missing quiz says so first).
  questionNumber: z.string().trim().regex(/^\d{1,6}$/).transform(Number).nullable().catch(null),
});

export const loader = pageLoader(async ({ request, context }: LoaderFunctionArgs) => {
  const { quiz, questionNumber } = parseQuery(request, Query, Refusal.notFound(QUIZ_NOT_FOUND));
  const page = await questionPage(context, () => sessionAccounts(request, context), quiz, questionNumber);
  const t = translator(localeOf(request));
  return { ...page, title: t("public.meta.question", { quiz: page.quizName, n: page.question.index + 1 }) };
});
export const headers = publicPageHeaders;

export const links: LinksFunction = () => [{ rel: "stylesheet", href: publicCss }];

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => publicMeta(data, matches);

export default function QuestionRoute() {
  return <QuestionPage data={useLoaderData<typeof loader>()} />;
}

export const ErrorBoundary = PublicError;
