import { data, redirect, type AppLoadContext } from "@remix-run/cloudflare";
import { z } from "zod";
import type { Account } from "@db/schema";
import { folderUrl, dashboardUrl, formatPlayedAt, subtreeIds } from "@common/dashboard/format";
import type { DashboardData, ActionResult, FolderCardData, QuizCardData } from "@common/dashboard/types";
import { canEdit, optionalAccount, requireAccount, requirePageAccount, sessionCookie } from "./auth.server";
import type { Side } from "@common/dashboard/types";
import { pageAction, pageLoader } from "./http.server";
import {
  allFolders,
  createFolder,
  deleteFolder,
  duplicateFolder,
  folderToRoot,
  folderTrail,
  moveFolder,
  ownerNames,
  renameFolder,
  requireOwnedFolder,
  setFolderPicture,
} from "./folders.server";
import { pageParam, playedGamesPage } from "./history.server";
import { browserAlertsView } from "./browser-alerts.server";
import { logOut, login } from "./login.server";
import { pictureUrl, questionImageUrl } from "@common/media-urls";
import { MSG } from "@common/messages";
import { storePicture } from "./picture-upload.server";
import { deleteQuiz, duplicateQuiz, listQuizzes, moveQuiz, quizCountsByFolder, quizToRoot } from "./quizzes.server";
import { Refusal } from "./refusal.server";
import { lobbyPictureUrl, setLobbyPicture } from "./lobby-picture.server";
import { parseCirclesPoints, readCirclesPoints, saveCirclesPoints } from "./circles-points.server";
import { PICTURE_MAX_BYTES, PICTURE_TOO_LARGE, RING_RADII_M } from "@common/rules";
import { readForm, SMALL_BODY_BYTES, uploadBodyBytes } from "./body.server";

type Args = { request: Request; context: AppLoadContext; params: Record<string, string | undefined> };

/** Loader of /pres, /mj and their folder pages: the login form to nobody, else the dashboard. */
export const dashboardLoader = pageLoader(async ({ request, context, params }: Args, side: Side) => {
  const { account, headers } = await optionalAccount(request, context, side);
  if (!account) return data<DashboardData>({ view: "login", side }, { headers });
  const db = context.db;
  let current = null;
  if (params.folderId !== undefined) {
    current = await requireOwnedFolder(db, account, params.folderId);
    if (params.folderName !== current.name) throw redirect(folderUrl(side, current));
  }
  const gamesPage = pageParam(new URL(request.url).searchParams.get("parties"));
  const [tree, counts, quizzes, owners, trail, games, alerts] = await Promise.all([
    allFolders(db, account),
    quizCountsByFolder(db, account),
    listQuizzes(db, account, current?.id ?? null),
    ownerNames(db),
    current ? folderTrail(db, current) : Promise.resolve([]),
    current ? Promise.resolve(null) : playedGamesPage(db, account, side, gamesPage),
    current || account.role !== "admin" ? Promise.resolve(null) : browserAlertsView(db),
  ]);

  const children = tree
    .filter((f) => f.parentId === (current?.id ?? null))
    .sort((a, b) => a.name.localeCompare(b.name, "fr", { sensitivity: "base" }));
  const folderCards: FolderCardData[] = children.map((f) => {
    const sub = subtreeIds(tree, f.id);
    let subtreeQuizzes = 0;
    for (const id of sub) subtreeQuizzes += counts.get(id) ?? 0;
    return {
      id: f.id,
      name: f.name,
      ownerId: f.ownerId,
      pictureUrl: f.imageKey ? pictureUrl(f.imageKey) : null,
      folderCount: tree.filter((c) => c.parentId === f.id).length,
      quizCount: counts.get(f.id) ?? 0,
      subtreeFolders: sub.size - 1,
      subtreeQuizzes,
    };
  });
  const quizCards: QuizCardData[] = quizzes.map((q) => ({
    uniqueName: q.uniqueName,
    name: q.name,
    ownerId: q.ownerId,
    folderId: q.folderId,
    playedAt: formatPlayedAt(q.lastTimePlayed),
    questionCount: Number(q.questionCount),
    coverUrl: q.coverKey ? questionImageUrl(q.uniqueName, q.coverKey) : null,
    finished: q.finished,
  }));
  const ownerIds = new Set([...tree.map((f) => f.ownerId), ...quizzes.map((q) => q.ownerId)]);
  return data<DashboardData>({
    view: "dashboard",
    side,
    account: { id: account.id, name: account.name, role: account.role },
    canEdit: canEdit(account),
    folder: current ? { id: current.id, name: current.name, parentId: current.parentId, ownerId: current.ownerId } : null,
    trail: trail.map((f) => ({ id: f.id, name: f.name })),
    parent: current?.parentId ? (trail.find((f) => f.id === current.parentId) ?? null) : null,
    folders: folderCards,
    quizzes: quizCards,
    tree: tree.map((f) => ({ id: f.id, name: f.name, parentId: f.parentId, ownerId: f.ownerId })),
    owners: Object.fromEntries([...ownerIds].map((id) => [id, owners.get(id) ?? "?"])),
    games,
    alerts,
  });
});

const id = z.coerce.number().int().positive();
const quiz = z.string().min(1);
const ActionForm = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("login"), identifiant: z.string().optional(), password: z.string().optional() }),
  z.object({ intent: z.literal("logout") }),
  z.object({ intent: z.literal("createFolder"), name: z.string().optional() }),
  z.object({ intent: z.literal("renameFolder"), folderId: id, name: z.string().optional() }),
  z.object({ intent: z.literal("folderPicture"), folderId: id, picture: z.any() }),
  z.object({ intent: z.literal("moveFolder"), folderId: id, targetId: id }),
  z.object({ intent: z.literal("duplicateFolder"), folderId: id }),
  z.object({ intent: z.literal("deleteFolder"), folderId: id }),
  z.object({ intent: z.literal("rootFolder"), folderId: id }),
  z.object({ intent: z.literal("duplicateQuiz"), quiz }),
  z.object({ intent: z.literal("moveQuiz"), quiz, targetId: id }),
  z.object({ intent: z.literal("deleteQuiz"), quiz }),
  z.object({ intent: z.literal("rootQuiz"), quiz }),
]);

const done = (message: string): ActionResult => ({ message });

/**
 * Every change of the dashboards: POST only, same origin (pageAction), who and ownership checked
 * on the server. Refusals come back as `{ error }` with their status, for the toast or the login
 * form.
 */
export const dashboardAction = pageAction(async ({ request, context, params }: Args, side: Side) => {
  // Only a logged-in account may send a file (a folder's picture): who is calling is settled
  // before the body is read, and a stranger's body is cut after a few fields (a login form).
  const { account: caller } = await optionalAccount(request, context, side);
  const body = caller
    ? await readForm(request, uploadBodyBytes(PICTURE_MAX_BYTES), PICTURE_TOO_LARGE)
    : await readForm(request, SMALL_BODY_BYTES);
  const parsed = ActionForm.safeParse(Object.fromEntries(body ?? []));
  if (!parsed.success) throw Refusal.badRequest(MSG.required);
  const form = parsed.data;
  if (form.intent === "login") {
    const { token } = await login(request, context, side, form.identifiant, form.password);
    return redirect(new URL(request.url).pathname, { headers: { "Set-Cookie": sessionCookie(request, side, token) } });
  }
  if (form.intent === "logout") return logOut(request, context, [side]);

  const account = caller ?? (await requireAccount(request, context, { side }));
  const { db } = context;
  const bucket = context.cloudflare.env.BUCKET;
  switch (form.intent) {
    case "createFolder": {
      const parentId = params.folderId === undefined ? null : Number(params.folderId);
      const folder = await createFolder(db, account, form.name, parentId);
      return done(`Dossier « ${folder.name} » créé`);
    }
    case "renameFolder":
      await renameFolder(db, account, form.folderId, form.name);
      return done("Dossier renommé");
    case "folderPicture": {
      await requireOwnedFolder(db, account, form.folderId); // refuse before storing anything
      const key = await storePicture(bucket, form.picture ?? null);
      await setFolderPicture(db, bucket, account, form.folderId, key);
      return done("Image du dossier mise à jour");
    }
    case "moveFolder":
      await moveFolder(db, account, form.folderId, form.targetId);
      return done("Dossier déplacé");
    case "duplicateFolder":
      await duplicateFolder(db, account, form.folderId);
      return done("Dossier dupliqué");
    case "deleteFolder": {
      const removed = await deleteFolder(db, bucket, account, form.folderId);
      // Deleting the folder being shown: go up, its page no longer exists.
      if (params.folderId !== undefined && !(await stillThere(context, account, Number(params.folderId)))) {
        return redirect(dashboardUrl(side));
      }
      return done(removed.quizzes ? "Dossier et contenu supprimés" : "Dossier supprimé");
    }
    case "rootFolder":
      await folderToRoot(db, account, form.folderId);
      return done("Dossier renvoyé à la racine");
    case "duplicateQuiz":
      return done(`« ${await duplicateQuiz(db, account, form.quiz)} » créé`);
    case "moveQuiz":
      await moveQuiz(db, account, form.quiz, form.targetId);
      return done("Quiz déplacé");
    case "deleteQuiz": {
      const removed = await deleteQuiz(db, bucket, account, form.quiz);
      return done(`« ${removed.name} » supprimé`);
    }
    case "rootQuiz":
      await quizToRoot(db, account, form.quiz);
      return done("Quiz renvoyé à la racine");
  }
});

function stillThere(context: AppLoadContext, account: Account, folderId: number): Promise<boolean> {
  return requireOwnedFolder(context.db, account, folderId).then(
    () => true,
    () => false,
  );
}

export const lobbyLoader = pageLoader(async ({ request, context }: Args, side: Side) => {
  const account = await requirePageAccount(request, context, side);
  return { side, accountName: account.name, picture: await lobbyPictureUrl(context.db, account) };
});

export const lobbyAction = pageAction(async ({ request, context }: Args, side: Side) => {
  const account = await requireAccount(request, context, { side });
  const bucket = context.cloudflare.env.BUCKET;
  const form = await readForm(request, uploadBodyBytes(PICTURE_MAX_BYTES), PICTURE_TOO_LARGE);
  if (!form) throw Refusal.badRequest(MSG.required);
  if (form.get("intent") === "reset") {
    await setLobbyPicture(context.db, bucket, account, null);
    return done("Photo du lobby remise par défaut");
  }
  const key = await storePicture(bucket, form.get("picture"));
  await setLobbyPicture(context.db, bucket, account, key);
  return done("Photo du lobby mise à jour");
});

export const pointsLoader = pageLoader(async ({ request, context }: Args) => {
  const account = await requirePageAccount(request, context, "admin");
  return { accountName: account.name, points: await readCirclesPoints(context.db), radii: [...RING_RADII_M] };
});

export const pointsAction = pageAction(async ({ request, context }: Args) => {
  await requireAccount(request, context, { side: "admin" });
  const form = await readForm(request, SMALL_BODY_BYTES);
  if (!form) throw Refusal.badRequest(MSG.required);
  const points = parseCirclesPoints(RING_RADII_M.map((r) => form.get(`ring${r}`) ?? ""));
  await saveCirclesPoints(context.db, points);
  return done("Points enregistrés");
});
