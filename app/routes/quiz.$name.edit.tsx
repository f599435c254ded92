import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { Wizard } from "~/features/wizard/Wizard";
import { WizardErrorBoundary } from "~/features/wizard/WizardError";
import { requireAccount } from "~/server/auth/auth.server";
import { pageLoader } from "~/server/http/http.server";
import { editedQuiz } from "~/server/quiz/quiz-editor.server";
import { requireOwnedQuiz } from "~/server/quiz/quizzes.server";
import { localeOf, translator } from "~/server/i18n/i18n.server";
import wizardCss from "~/features/wizard/wizard.css?url";
import { wizardMeta } from "~/features/wizard/meta";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: wizardCss }];
export const meta: MetaFunction<typeof loader> = wizardMeta;

/**
 * /quiz/{name}/edit: the wizard in edit mode, opened at the questions step. Only on a quiz of
 * one's own: finished ones need the edit right (the admin has it), one still to finish (its map
 * never confirmed) for its owner in any case, since that is where the dashboard card sends them.
 */
export const loader = pageLoader(async ({ request, context, params }: LoaderFunctionArgs) => {
  const account = await requireAccount(request, context);
  const quiz = await requireOwnedQuiz(context.db, account, params.name, "build");
  return { ...(await editedQuiz(context.db, account, quiz)), title: translator(localeOf(request))("wizard.meta.edit") };
});

export default function EditQuiz() {
  const { quiz, questions, backTo } = useLoaderData<typeof loader>();
  return <Wizard mode="edit" quiz={quiz} questions={questions} folderId={null} backTo={backTo} />;
}

export const ErrorBoundary = WizardErrorBoundary;
