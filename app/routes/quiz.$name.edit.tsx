import type { LinksFunction, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { Wizard } from "~/features/wizard/Wizard";
import { WizardErrorBoundary } from "~/features/wizard/WizardError";
import { editQuizPage } from "~/server/quiz-editor.server";
import wizardCss from "~/features/wizard/wizard.css?url";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: wizardCss }];
export const meta: MetaFunction = () => [{ title: "Modifier le quiz — Repère" }];

/**
 * /quiz/{name}/edit: the wizard in edit mode, opened at the questions step. Only on a quiz of
 * one's own: finished ones need the edit right (the admin has it), one still to finish does not.
 */
export const loader = editQuizPage;

export default function EditQuiz() {
  const { quiz, questions, backTo } = useLoaderData<typeof loader>();
  return <Wizard mode="edit" quiz={quiz} questions={questions} folderId={null} backTo={backTo} />;
}

export const ErrorBoundary = WizardErrorBoundary;
