import type { LinksFunction, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { PublicError } from "~/features/public/PublicError";
import { QuestionPage } from "~/features/public/QuestionPage";
import { publicPageHeaders, questionPage } from "~/server/public-quiz.server";
import publicCss from "~/features/public/public.css?url";

/**
 * /question?quiz={name}&questionNumber={index}: one question, large. While the quiz is played, only
 * a question already revealed (docs/architecture.md, Security model).
 */
export const loader = questionPage;
export const headers = publicPageHeaders;

export const links: LinksFunction = () => [{ rel: "stylesheet", href: publicCss }];

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  {
    title: data
      ? `${data.quizName} — question ${data.question.index + 1} — Repère`
      : "Question introuvable — Repère",
  },
  { name: "robots", content: "noindex" },
];

export default function QuestionRoute() {
  return <QuestionPage data={useLoaderData<typeof loader>()} />;
}

export const ErrorBoundary = PublicError;
