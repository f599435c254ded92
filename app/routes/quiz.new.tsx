import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { redirect } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { Wizard } from "~/features/wizard/Wizard";
import { WizardErrorBoundary } from "~/features/wizard/WizardError";
import { requireAccount } from "~/server/auth/auth.server";
import { pageAction, pageLoader } from "~/server/http/http.server";
import { parseForm, parseQuery } from "~/server/http/input.server";
import { backToDashboard, discardQuiz, usableFolder } from "~/server/quiz/quiz-editor.server";
import { findQuiz } from "~/server/quiz/quizzes.server";
import { Refusal } from "~/server/http/refusal.server";
import { localeOf, translator } from "~/server/i18n/i18n.server";
import wizardCss from "~/features/wizard/wizard.css?url";
import { wizardMeta } from "~/features/wizard/meta";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: wizardCss }];
export const meta: MetaFunction<typeof loader> = wizardMeta;

/** The folder the quiz goes into; anything else (or nothing) is the root. */
const Query = z.object({ folderId: z.coerce.number().int().nullable().catch(null) });

/** /quiz/new?folderId=<id>: the dashboard's 'Nouveau' button, for any logged-in account. */
export const loader = pageLoader(async ({ request, context }: LoaderFunctionArgs) => {
  const account = await requireAccount(request, context);
  const { folderId } = parseQuery(request, Query, Refusal.badRequest());
  const folder = await usableFolder(context.db, account, folderId);
  return {
    folderId: folder?.id ?? null,
    backTo: await backToDashboard(context.db, account, folder?.id ?? null),
    title: translator(localeOf(request))("wizard.meta.new"),
  };
});

const DiscardForm = z.object({ intent: z.literal("discard"), quiz: z.string().optional() });

/**
 * 'Annuler' after the quiz was created: the quiz, its questions and the photos only it used are
 * deleted, then back to the dashboard. Someone else's quiz, or a finished one, is left as it is
 * (discardQuiz checks) and the answer is the same.
 */
export const action = pageAction(async ({ request, context }: ActionFunctionArgs) => {
  const account = await requireAccount(request, context);
  const form = await parseForm(request, DiscardForm);
  const quiz = await findQuiz(context.db, form.quiz ?? "");
  if (quiz) await discardQuiz(context.db, context.cloudflare.env.BUCKET, account, quiz);
  return redirect(await backToDashboard(context.db, account, quiz?.folderId ?? null));
});

export default function NewQuiz() {
  const { folderId, backTo } = useLoaderData<typeof loader>();
  return <Wizard mode="create" quiz={null} questions={[]} folderId={folderId} backTo={backTo} />;
}

export const ErrorBoundary = WizardErrorBoundary;
