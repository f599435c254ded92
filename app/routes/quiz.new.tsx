import type { LinksFunction, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { Wizard } from "~/features/wizard/Wizard";
import { WizardErrorBoundary } from "~/features/wizard/WizardError";
import { discardAction, newQuizPage } from "~/server/quiz-editor.server";
import wizardCss from "~/features/wizard/wizard.css?url";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: wizardCss }];
export const meta: MetaFunction = () => [{ title: "Nouveau quiz — Repère" }];

/** /quiz/new?folderId=<id>: the dashboard's 'Nouveau' button. */
export const loader = newQuizPage;

/** 'Annuler' after the quiz was created: it is deleted, then back to the dashboard. */
export const action = discardAction;

export default function NewQuiz() {
  const { folderId, backTo } = useLoaderData<typeof loader>();
  return <Wizard mode="create" quiz={null} questions={[]} folderId={folderId} backTo={backTo} />;
}

export const ErrorBoundary = WizardErrorBoundary;
