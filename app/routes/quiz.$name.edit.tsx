import { data, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import type { LinksFunction, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { WIZARD_MSG } from "@common/wizard/types";
import { Wizard } from "~/features/wizard/Wizard";
import { WizardErrorBoundary } from "~/features/wizard/WizardError";
import { canAccess, canEdit, currentAccount } from "~/server/auth.server";
import { MSG } from "@common/messages";
import { dashboardPath, findQuiz, listQuestions } from "~/server/quiz-editor.server";
import wizardCss from "~/features/wizard/wizard.css?url";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: wizardCss }];
export const meta: MetaFunction = () => [{ title: "Modifier le quiz — Repère" }];

/**
 * /quiz/{name}/edit: the wizard in edit mode, opened at the questions step (spec §2). Only for
 * the admin or an MJ with the edit right, on a quiz of their own (spec §6, DESIGN §3).
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const account = await currentAccount(request, context);
  if (!account) throw data({ message: MSG.notAuthenticated }, { status: 401 });
  const quiz = await findQuiz(context.db, params.name);
  if (!quiz) throw data({ message: WIZARD_MSG.quizNotFound }, { status: 404 });
  if (!canEdit(account) || !canAccess(account, quiz.ownerId)) {
    throw data({ message: WIZARD_MSG.cannotEdit }, { status: 403 });
  }
  return {
    quiz: {
      uniqueName: quiz.uniqueName,
      name: quiz.name,
      description: quiz.description,
      mapSettings: quiz.mapSettings,
    },
    questions: await listQuestions(context.db, quiz.uniqueName),
    backTo: await dashboardPath(context.db, account, quiz.folderId),
  };
}

export default function EditQuiz() {
  const { quiz, questions, backTo } = useLoaderData<typeof loader>();
  return <Wizard mode="edit" quiz={quiz} questions={questions} folderId={null} backTo={backTo} />;
}

export const ErrorBoundary = WizardErrorBoundary;
