import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import type { LinksFunction, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { Wizard } from "~/features/wizard/Wizard";
import { WizardErrorBoundary } from "~/features/wizard/WizardError";
import { assertSameOrigin, currentAccount, requireAccount } from "~/server/auth.server";
import { MSG } from "@common/messages";
import { dashboardPath, discardQuiz, findQuiz, usableFolder } from "~/server/quiz-editor.server";
import wizardCss from "~/features/wizard/wizard.css?url";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: wizardCss }];
export const meta: MetaFunction = () => [{ title: "Nouveau quiz — Repère" }];

/** /quiz/new?folderId=<id>: the dashboard's 'Nouveau' button (spec §2). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const account = await currentAccount(request, context);
  if (!account) throw data({ message: MSG.notAuthenticated }, { status: 401 });
  const folderId = Number(new URL(request.url).searchParams.get("folderId") ?? "");
  const folder = await usableFolder(context.db, account, Number.isSafeInteger(folderId) ? folderId : null);
  return {
    folderId: folder?.id ?? null,
    backTo: await dashboardPath(context.db, account, folder?.id ?? null),
  };
}

/**
 * 'Annuler' after the quiz was created (spec §2): the quiz, its questions and the photos only
 * it used are deleted, then back to the dashboard. A quiz whose map settings were confirmed is
 * never deleted here (discardQuiz checks).
 */
export async function action({ request, context }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const account = await requireAccount(request, context);
  const form = await request.formData();
  if (form.get("intent") !== "discard") throw data({ message: MSG.serverError }, { status: 400 });
  const quiz = await findQuiz(context.db, String(form.get("quiz") ?? ""));
  const folderId = quiz?.folderId ?? null;
  if (quiz) await discardQuiz(context.db, context.cloudflare.env.BUCKET, account, quiz);
  return redirect(await dashboardPath(context.db, account, folderId));
}

export default function NewQuiz() {
  const { folderId, backTo } = useLoaderData<typeof loader>();
  return <Wizard mode="create" quiz={null} questions={[]} folderId={folderId} backTo={backTo} />;
}

export const ErrorBoundary = WizardErrorBoundary;
