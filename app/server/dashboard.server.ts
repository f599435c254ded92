import { data, redirect, type AppLoadContext } from "@remix-run/cloudflare";
import { z } from "zod";
import type { Account } from "@db/schema";
import { folderUrl, dashboardUrl, formatPlayedAt, subtreeIds } from "@common/dashboard/format";
import type { DashboardData, ActionResult, FolderCardData, QuizCardData } from "@common/dashboard/types";
import { assertSameOrigin, canAccess, canEdit, checkSession, clearCookie, sessionCookie, type Side } from "./auth.server";
import {
  allFolders,
  createFolder,
  deleteFolder,
  duplicateFolder,
  folderFor,
  folderToRoot,
  folderTrail,
  moveFolder,
  ownerNames,
  renameFolder,
  setFolderPicture,
} from "./folders.server";
import { login } from "./login.server";
import { pictureUrl, questionImageUrl } from "@common/media-urls";
import { MSG } from "@common/messages";
import { storePicture } from "./picture-upload.server";
import { deleteQuiz, duplicateQuiz, listQuizzes, moveQuiz, quizCountsByFolder, quizToRoot } from "./quizzes.server";
import { UserError } from "./user-error.server";
import { lobbyPictureUrl, setLobbyPicture } from "./lobby-picture.server";
import { parseCirclesPoints, readCirclesPoints, saveCirclesPoints } from "./circles-points.server";
import { RING_RADII_M } from "@common/rules";

type Args = { request: Request; context: AppLoadContext; params: Record<string, string | undefined> };

/**
 * The account of a side, or a refusal: /pres pages and actions take the admin cookie only,
 * /mj ones the MJ cookie only (spec §6: one cookie per side).
 */
export async function accountOf(
  request: Request,
  context: AppLoadContext,
  side: Side,
): Promise<{ account: Account } | { account: null; status: "none" | "invalid" }> {
  const check = await checkSession(request, context, side);
  return check.status === "ok" ? { account: check.account } : { account: null, status: check.status };
}

/** Loader of /pres, /mj and their folder pages: the login form or the dashboard. */
export async function dashboardLoader({ request, context, params }: Args, side: Side) {
  const who = await accountOf(request, context, side);
  if (!who.account) {
    const headers = who.status === "invalid" ? { "Set-Cookie": clearCookie(request, side) } : undefined;
    return data<DashboardData>({ view: "login", side }, { headers });
  }
  const account = who.account;
  const db = context.db;
  let current = null;
  if (params.folderId !== undefined) {
    try {
      current = await folderFor(db, account, params.folderId);
    } catch (error) {
      if (error instanceof UserError) throw data(null, { status: 404, statusText: error.message });
      throw error;
    }
    if (params.folderName !== current.name) throw redirect(folderUrl(side, current));
  }
  const [tree, counts, quizzes, owners, trail] = await Promise.all([
    allFolders(db, account),
    quizCountsByFolder(db, account),
    listQuizzes(db, account, current?.id ?? null),
    ownerNames(db),
    current ? folderTrail(db, current) : Promise.resolve([]),
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
  });
}

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

function fail(status: number, error: string, headers?: HeadersInit) {
  return data<ActionResult>({ ok: false, error }, { status, headers });
}

/**
 * Every change of the dashboards (DESIGN §6: POST only, same origin, who and ownership checked
 * on the server). Refusals come back as `{ ok: false, error }` with their status, for the form.
 */
export async function dashboardAction({ request, context, params }: Args, side: Side) {
  try {
    assertSameOrigin(request);
  } catch {
    return fail(403, MSG.wrongAuthentication);
  }
  let form: z.infer<typeof ActionForm>;
  try {
    const parsed = ActionForm.safeParse(Object.fromEntries(await request.formData()));
    if (!parsed.success) return fail(400, MSG.required);
    form = parsed.data;
  } catch {
    return fail(400, MSG.required);
  }
  const here = new URL(request.url).pathname;
  if (form.intent === "login") {
    try {
      const { token } = await login(context, side, form.identifiant, form.password);
      return redirect(here, { headers: { "Set-Cookie": sessionCookie(request, side, token) } });
    } catch (error) {
      if (error instanceof UserError) return fail(error.status, error.message);
      console.error(error);
      return fail(500, MSG.serverError);
    }
  }
  if (form.intent === "logout") {
    return redirect("/", { headers: { "Set-Cookie": clearCookie(request, side) } });
  }

  const who = await actionAccount(request, context, side);
  if ("refusal" in who) return who.refusal;
  const account = who.account;
  const { db } = context;
  const bucket = context.cloudflare.env.BUCKET;
  try {
    switch (form.intent) {
      case "createFolder": {
        const parentId = params.folderId === undefined ? null : Number(params.folderId);
        const folder = await createFolder(db, account, form.name, parentId);
        return data<ActionResult>({ ok: true, message: `Dossier « ${folder.name} » créé` });
      }
      case "renameFolder":
        await renameFolder(db, account, form.folderId, form.name);
        return data<ActionResult>({ ok: true, message: "Dossier renommé" });
      case "folderPicture": {
        await folderFor(db, account, form.folderId); // refuse before storing anything
        const key = await storePicture(bucket, form.picture ?? null);
        await setFolderPicture(db, bucket, account, form.folderId, key);
        return data<ActionResult>({ ok: true, message: "Image du dossier mise à jour" });
      }
      case "moveFolder":
        await moveFolder(db, account, form.folderId, form.targetId);
        return data<ActionResult>({ ok: true, message: "Dossier déplacé" });
      case "duplicateFolder":
        await duplicateFolder(db, account, form.folderId);
        return data<ActionResult>({ ok: true, message: "Dossier dupliqué" });
      case "deleteFolder": {
        const removed = await deleteFolder(db, bucket, account, form.folderId);
        // Deleting the folder being shown: go up, its page no longer exists.
        if (params.folderId !== undefined && !(await stillThere(context, account, Number(params.folderId)))) {
          return redirect(dashboardUrl(side));
        }
        return data<ActionResult>({ ok: true, message: removed.quizzes ? "Dossier et contenu supprimés" : "Dossier supprimé" });
      }
      case "rootFolder":
        await folderToRoot(db, account, form.folderId);
        return data<ActionResult>({ ok: true, message: "Dossier renvoyé à la racine" });
      case "duplicateQuiz": {
        const name = await duplicateQuiz(db, account, form.quiz);
        return data<ActionResult>({ ok: true, message: `« ${name} » créé` });
      }
      case "moveQuiz":
        await moveQuiz(db, account, form.quiz, form.targetId);
        return data<ActionResult>({ ok: true, message: "Quiz déplacé" });
      case "deleteQuiz": {
        const removed = await deleteQuiz(db, bucket, account, form.quiz);
        return data<ActionResult>({ ok: true, message: `« ${removed.name} » supprimé` });
      }
      case "rootQuiz":
        await quizToRoot(db, account, form.quiz);
        return data<ActionResult>({ ok: true, message: "Quiz renvoyé à la racine" });
    }
  } catch (error) {
    if (error instanceof UserError) return fail(error.status, error.message);
    console.error(error);
    return fail(500, MSG.serverError);
  }
}

async function stillThere(context: AppLoadContext, account: Account, folderId: number) {
  try {
    const folder = await folderFor(context.db, account, folderId);
    return canAccess(account, folder.ownerId);
  } catch {
    return false;
  }
}

/** The other workshop screens need the account of their side, or go back to its login. */
async function screenAccount(request: Request, context: AppLoadContext, side: Side): Promise<Account> {
  const who = await accountOf(request, context, side);
  if (who.account) return who.account;
  const headers = who.status === "invalid" ? { "Set-Cookie": clearCookie(request, side) } : undefined;
  throw redirect(dashboardUrl(side), { headers });
}

/** Actions of those screens: 401 nobody, 403 bad or expired token (cookie deleted) or an MJ on an admin screen. */
async function actionAccount(
  request: Request,
  context: AppLoadContext,
  side: Side,
): Promise<{ account: Account } | { refusal: ReturnType<typeof fail> }> {
  try {
    assertSameOrigin(request);
  } catch {
    return { refusal: fail(403, MSG.wrongAuthentication) };
  }
  const who = await accountOf(request, context, side);
  if (who.account) return { account: who.account };
  if (side === "admin" && who.status === "none" && (await accountOf(request, context, "mj")).account) {
    return { refusal: fail(403, MSG.wrongAuthentication) };
  }
  const headers = who.status === "invalid" ? { "Set-Cookie": clearCookie(request, side) } : undefined;
  return who.status === "none"
    ? { refusal: fail(401, MSG.notAuthenticated, headers) }
    : { refusal: fail(403, MSG.wrongAuthentication, headers) };
}

export async function lobbyLoader({ request, context }: Args, side: Side) {
  const account = await screenAccount(request, context, side);
  return { side, accountName: account.name, picture: await lobbyPictureUrl(context.db, account) };
}

export async function lobbyAction({ request, context }: Args, side: Side) {
  const who = await actionAccount(request, context, side);
  if ("refusal" in who) return who.refusal;
  const account = who.account;
  const bucket = context.cloudflare.env.BUCKET;
  try {
    const form = await request.formData();
    if (form.get("intent") === "reset") {
      await setLobbyPicture(context.db, bucket, account, null);
      return data<ActionResult>({ ok: true, message: "Photo du lobby remise par défaut" });
    }
    const key = await storePicture(bucket, form.get("picture"));
    await setLobbyPicture(context.db, bucket, account, key);
    return data<ActionResult>({ ok: true, message: "Photo du lobby mise à jour" });
  } catch (error) {
    if (error instanceof UserError) return fail(error.status, error.message);
    console.error(error);
    return fail(500, MSG.serverError);
  }
}

export async function pointsLoader({ request, context }: Args) {
  const account = await screenAccount(request, context, "admin");
  return { accountName: account.name, points: await readCirclesPoints(context.db), radii: [...RING_RADII_M] };
}

export async function pointsAction({ request, context }: Args) {
  const who = await actionAccount(request, context, "admin");
  if ("refusal" in who) return who.refusal;
  try {
    const form = await request.formData();
    const points = parseCirclesPoints(RING_RADII_M.map((r) => form.get(`ring${r}`) ?? ""));
    await saveCirclesPoints(context.db, points);
    return data<ActionResult>({ ok: true, message: "Points enregistrés" });
  } catch (error) {
    if (error instanceof UserError) return fail(error.status, error.message);
    console.error(error);
    return fail(500, MSG.serverError);
  }
}
