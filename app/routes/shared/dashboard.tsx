import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { data, redirect } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { dashboardUrl, folderUrl, sideOfPath } from "@common/dashboard/format";
import type { ActionResult, DashboardData } from "@common/dashboard/types";
import { MSG } from "@common/messages";
import type { Words } from "@common/i18n/ids";
import { m } from "@common/i18n/words";
import { PICTURE_MAX_BYTES, PICTURE_TOO_LARGE } from "@common/rules";
import { DashboardPage } from "~/features/dashboard/DashboardPage";
import { logOut, optionalAccount, requireAccount, sessionCookie } from "~/server/auth/auth.server";
import { SMALL_BODY_BYTES, uploadBodyBytes } from "~/server/http/body.server";
import { dashboardData } from "~/server/dashboard/dashboard.server";
import {
  createFolder,
  deleteFolder,
  duplicateFolder,
  folderToRoot,
  moveFolder,
  renameFolder,
  requireOwnedFolder,
  setFolderPicture,
} from "~/server/quiz/folders.server";
import { pageNumber } from "~/server/history/history.server";
import { pageAction, pageLoader } from "~/server/http/http.server";
import { fileField, parseForm, parseParams, parseQuery } from "~/server/http/input.server";
import { credentialsSchema, login } from "~/server/auth/login.server";
import { storePicture } from "~/server/media/picture-upload.server";
import { deleteQuiz, duplicateQuiz, moveQuiz, quizToRoot } from "~/server/quiz/quizzes.server";
import { Refusal } from "~/server/http/refusal.server";
import { clientAddress } from "~/server/throttle/throttle.server";
import componentsCss from "~/components/components.css?url";
import dashboardCss from "~/features/dashboard/dashboard.css?url";
import { localeOf, translator } from "~/server/i18n/i18n.server";
import { loggedIn } from "~/server/i18n/account-locale.server";
import { pageMeta } from "~/features/dashboard/meta";

/**
 * The dashboards: /pres (the administrator) and /mj (a game master), and their folders
 * /pres/{folderId}/{folderName}/folder and /mj/…: the login form to nobody, else the account's
 * folders and quizzes. Every change is a POST here with an `intent`.
 */
export const links: LinksFunction = () => [
  { rel: "stylesheet", href: componentsCss },
  { rel: "stylesheet", href: dashboardCss },
];

export const meta: MetaFunction<typeof loader> = ({ data: page, matches }) => pageMeta(page?.title, matches);

const id = z.coerce.number().int().positive();

/** A folder page's address: its id, and its name for people reading the address. */
const FolderParams = z.object({ folderId: id.optional(), folderName: z.string().optional() });
/** The page of « Parties jouées », from 1. */
const Query = z.object({ parties: pageNumber });

export const loader = pageLoader(async ({ request, context, params }: LoaderFunctionArgs) => {
  const side = sideOfPath(new URL(request.url).pathname);
  const t = translator(localeOf(request));
  const { account, headers } = await optionalAccount(request, context, side);
  const sideTitle = t(side === "admin" ? "dashboard.meta.admin" : "dashboard.meta.mj");
  if (!account) return data<DashboardData>({ view: "login", side, title: sideTitle }, { headers });
  const { folderId, folderName } = parseParams(params, FolderParams, Refusal.notFound(MSG.folderNotFound));
  const folder = folderId === undefined ? null : await requireOwnedFolder(context.db, account, folderId);
  if (folder && folderName !== folder.name) throw redirect(folderUrl(side, folder));
  const { parties } = parseQuery(request, Query, Refusal.badRequest());
  const title = folder ? t("dashboard.meta.folder", { name: folder.name }) : sideTitle;
  return data<DashboardData>(await dashboardData(context.db, account, side, folder, parties, title, t));
});

const quiz = z.string().min(1);
const DashboardForm = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("login") }).merge(credentialsSchema),
  z.object({ intent: z.literal("logout") }),
  z.object({ intent: z.literal("createFolder"), name: z.string().optional() }),
  z.object({ intent: z.literal("renameFolder"), folderId: id, name: z.string().optional() }),
  z.object({ intent: z.literal("folderPicture"), folderId: id, picture: fileField }),
  z.object({ intent: z.literal("moveFolder"), folderId: id, targetId: id }),
  z.object({ intent: z.literal("duplicateFolder"), folderId: id }),
  z.object({ intent: z.literal("deleteFolder"), folderId: id }),
  z.object({ intent: z.literal("rootFolder"), folderId: id }),
  z.object({ intent: z.literal("duplicateQuiz"), quiz }),
  z.object({ intent: z.literal("moveQuiz"), quiz, targetId: id }),
  z.object({ intent: z.literal("deleteQuiz"), quiz }),
  z.object({ intent: z.literal("rootQuiz"), quiz }),
]);

/** What a change did, worded on the page in its language. */
const done = (message: Words): ActionResult => ({ message });

/**
 * Every change of the dashboards: POST only, same origin (pageAction), who and ownership checked
 * on the server. Refusals come back as `{ error }` with their status, for the toast or the login
 * form.
 */
export const action = pageAction(async ({ request, context, params }: ActionFunctionArgs) => {
  const side = sideOfPath(new URL(request.url).pathname);
  // Only a logged-in account may send a file (a folder's picture): who is calling is settled
  // before the body is read, and a stranger's body is cut after a few fields (a login form).
  const { account: caller } = await optionalAccount(request, context, side);
  const form = await parseForm(
    request,
    DashboardForm,
    caller ? { maxBytes: uploadBodyBytes(PICTURE_MAX_BYTES), tooLarge: PICTURE_TOO_LARGE } : { maxBytes: SMALL_BODY_BYTES },
  );
  if (form.intent === "login") {
    const { account, token } = await login(context, clientAddress(request), side, form);
    return loggedIn(request, account, new URL(request.url).pathname, sessionCookie(request, side, token));
  }
  if (form.intent === "logout") return logOut(request, context, [side]);

  const account = caller ?? (await requireAccount(request, context, { side }));
  const { folderId: shown } = parseParams(params, FolderParams, Refusal.notFound(MSG.folderNotFound));
  const { db } = context;
  const bucket = context.cloudflare.env.BUCKET;
  switch (form.intent) {
    case "createFolder": {
      const folder = await createFolder(db, account, form.name, shown ?? null);
      return done(m("dashboard.done.folderCreated", { name: folder.name }));
    }
    case "renameFolder":
      await renameFolder(db, account, form.folderId, form.name);
      return done(m("dashboard.done.folderRenamed"));
    case "folderPicture": {
      await requireOwnedFolder(db, account, form.folderId); // refuse before storing anything
      const key = await storePicture(bucket, form.picture);
      await setFolderPicture(db, bucket, account, form.folderId, key);
      return done(m("dashboard.done.folderPicture"));
    }
    case "moveFolder":
      await moveFolder(db, account, form.folderId, form.targetId);
      return done(m("dashboard.done.folderMoved"));
    case "duplicateFolder":
      await duplicateFolder(db, account, form.folderId, translator(localeOf(request)));
      return done(m("dashboard.done.folderDuplicated"));
    case "deleteFolder": {
      const removed = await deleteFolder(db, bucket, account, form.folderId);
      // Deleting the folder being shown: go up, its page no longer exists.
      if (shown !== undefined && !(await requireOwnedFolder(db, account, shown).then(() => true, () => false))) {
        return redirect(dashboardUrl(side));
      }
      return done(m(removed.quizzes ? "dashboard.done.folderDeletedAll" : "dashboard.done.folderDeleted"));
    }
    case "rootFolder":
      await folderToRoot(db, account, form.folderId);
      return done(m("dashboard.done.folderToRoot"));
    case "duplicateQuiz":
      return done(m("dashboard.done.quizCreated", { name: await duplicateQuiz(db, account, form.quiz, translator(localeOf(request))) }));
    case "moveQuiz":
      await moveQuiz(db, account, form.quiz, form.targetId);
      return done(m("dashboard.done.quizMoved"));
    case "deleteQuiz": {
      const removed = await deleteQuiz(db, bucket, account, form.quiz);
      return done(m("dashboard.done.quizDeleted", { name: removed.name }));
    }
    case "rootQuiz":
      await quizToRoot(db, account, form.quiz);
      return done(m("dashboard.done.quizToRoot"));
  }
});

export default function Dashboard() {
  return <DashboardPage data={useLoaderData<typeof loader>()} />;
}
