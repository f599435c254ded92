import type { AppLoadContext } from "@remix-run/cloudflare";
import { and, eq, isNull, ne, notInArray, or, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "@db/client";
import { accounts, folders, games, quizzes, type Account } from "@db/schema";
import { endOfParisDay, formatDay, parisDay } from "@common/contracts/admin/expiry";
import type { Locale } from "@common/i18n/locales";
import { MSG_MJ, transferFolderName, type MjRow } from "@common/contracts/admin/types";
import { MJ_NAME_MAX, PASSWORD_MIN } from "@common/rules";
import { revokedSessions } from "../auth/auth.server";
import { isPublishedPassword } from "../auth/config.server";
import { closeGame } from "../rooms/games.server";
import { pictureUrl } from "@common/media/urls";
import { releaseMedia } from "../media/media.server";
import { hashPassword } from "../auth/password.server";
import { storePicture } from "../media/picture-upload.server";
import { fileField } from "../http/input.server";
import { Refusal } from "../http/refusal.server";
import type { Words } from "@common/i18n/ids";
import { wordsText } from "@common/i18n/words";
import type { Translate } from "@common/i18n/ids";

/**
 * The game-master table of the admin: MJ accounts created, changed and deleted by the admin
 * only. Deleting an MJ loses nothing: their folders and quizzes go to the admin, in a new folder
 * named after them, and their live games end.
 */

// ---------- The table ----------

const GAMES_LEFT_MAX = 100_000;

/** The table, its days written in the asker's language. */
export async function listMjs(db: Db, locale: Locale, now = Date.now()): Promise<MjRow[]> {
  const [mjs, quizCounts, folderCounts, live] = await db.batch([
    db.select().from(accounts).where(eq(accounts.role, "mj")).orderBy(sql`${accounts.name} collate nocase`, accounts.id),
    db.select({ owner: quizzes.ownerId, n: sql<number>`count(*)` }).from(quizzes).groupBy(quizzes.ownerId),
    db.select({ owner: folders.ownerId, n: sql<number>`count(*)` }).from(folders).groupBy(folders.ownerId),
    db
      .select({ owner: games.ownerId, n: sql<number>`count(*)` })
      .from(games)
      .where(and(ne(games.status, "closed"), eq(games.kind, "room")))
      .groupBy(games.ownerId),
  ]);
  const count = (rows: { owner: number; n: number }[], id: number) => Number(rows.find((r) => r.owner === id)?.n ?? 0);
  return mjs.map((mj) => ({
    id: mj.id,
    name: mj.name,
    mail: mj.mail,
    expirationDay: mj.expiration === null ? null : parisDay(mj.expiration),
    expirationLabel: mj.expiration === null ? null : formatDay(mj.expiration, locale),
    expired: mj.expiration !== null && mj.expiration < now,
    gamesLeft: mj.gamesLeft,
    canEdit: mj.canEdit,
    photoUrl: mj.photoKey ? pictureUrl(mj.photoKey) : null,
    quizCount: count(quizCounts, mj.id),
    folderCount: count(folderCounts, mj.id),
    liveGames: count(live, mj.id),
  }));
}

// ---------- The form (multipart: name, mail, password, expiration, nb_game, edition, photo) ----------

type MjFields = {
  name: string;
  mail: string;
  /** null on update = keep the current password. */
  password: string | null;
  expiration: number;
  gamesLeft: number | null;
  canEdit: boolean;
  photo: File | null;
  removePhoto: boolean;
};

const MAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const text = z.unknown().transform((value) => (typeof value === "string" ? value.trim() : ""));
const flag = text.transform((value) => ["on", "true", "1"].includes(value));

/**
 * The MJ table's form, for a new MJ (a password is required) or a change (an empty password keeps
 * the current one). Its problems come one at a time, in the order the table shows them: a missing
 * field first, then the name, the mail, the password, the expiry, the number of games.
 */
export function mjForm(mode: "create" | "update") {
  return z
    .object({
      name: text.transform((name) => name.replace(/\s+/g, " ")),
      mail: text.transform((mail) => mail.toLowerCase()),
      // Spaces alone are no password (update: 'unchanged').
      password: z.unknown().transform((raw) => (typeof raw === "string" && raw.trim() ? raw : "")),
      expiration: text,
      nb_game: text,
      edition: flag,
      remove_photo: flag,
      photo_file: fileField,
      file: fileField,
    })
    .transform((form, ctx): MjFields => {
      const refuse = (message: Words) => {
        ctx.addIssue({ code: z.ZodIssueCode.custom, message: wordsText(message) });
        return z.NEVER;
      };
      const { name, mail, password } = form;
      if (!name || !mail || !form.expiration || (mode === "create" && !password)) return refuse(MSG_MJ.required);
      if (name.length > MJ_NAME_MAX) return refuse(MSG_MJ.nameTooLong);
      if (mail.length > 254 || !MAIL.test(mail)) return refuse(MSG_MJ.mailInvalid);
      if (password && password.length < PASSWORD_MIN) return refuse(MSG_MJ.passwordShort);
      if (password && isPublishedPassword(password)) return refuse(MSG_MJ.passwordPublished);
      const expiration = endOfParisDay(form.expiration);
      if (expiration === null) return refuse(MSG_MJ.expirationInvalid);
      let gamesLeft: number | null = null;
      if (form.nb_game !== "") {
        gamesLeft = Number(form.nb_game);
        if (!/^\d+$/.test(form.nb_game) || gamesLeft > GAMES_LEFT_MAX) return refuse(MSG_MJ.gamesInvalid);
      }
      return {
        name,
        mail,
        password: password || null,
        expiration,
        gamesLeft,
        canEdit: form.edition,
        // An empty file field is no photo (the browser sends one when none was chosen).
        photo: [form.photo_file, form.file].find((file) => file !== null && file.size > 0) ?? null,
        removePhoto: form.remove_photo,
      };
    });
}

/** An MJ's id, in the form or the address; anything else is an MJ nobody has (404). */
export const mjId = z.preprocess(
  (raw) => Number(typeof raw === "string" ? raw.trim() : raw),
  z.number().int().positive().safe(),
);

async function assertMailFree(db: Db, mail: string, exceptId: number | null) {
  const [taken] = await db
    .select({ id: accounts.id })
    .from(accounts)
    .where(exceptId === null ? eq(accounts.mail, mail) : and(eq(accounts.mail, mail), ne(accounts.id, exceptId)))
    .limit(1);
  if (taken) throw Refusal.badRequest(MSG_MJ.mailTaken);
}

const isUniqueViolation = (error: unknown) => /UNIQUE constraint failed: accounts\.mail/i.test(String(error));

/** R2 first, then D1: a refused row gives its fresh photo back. */
export async function createMj(db: Db, bucket: R2Bucket, fields: MjFields): Promise<Pick<Account, "id" | "name">> {
  await assertMailFree(db, fields.mail, null);
  const photoKey = fields.photo ? await storePicture(bucket, fields.photo) : null;
  try {
    const [row] = await db
      .insert(accounts)
      .values({
        role: "mj",
        name: fields.name,
        mail: fields.mail,
        passwordHash: await hashPassword(fields.password!),
        expiration: fields.expiration,
        gamesLeft: fields.gamesLeft,
        canEdit: fields.canEdit,
        photoKey,
      })
      .returning({ id: accounts.id, name: accounts.name });
    return row;
  } catch (error) {
    await releaseMedia(db, bucket, [photoKey]);
    if (isUniqueViolation(error)) throw Refusal.badRequest(MSG_MJ.mailTaken);
    throw error;
  }
}

async function mjById(db: Db, id: number): Promise<Account> {
  const [mj] = await db
    .select()
    .from(accounts)
    .where(and(eq(accounts.id, id), eq(accounts.role, "mj")))
    .limit(1);
  if (!mj) throw Refusal.notFound(MSG_MJ.notFound);
  return mj;
}

export async function updateMj(db: Db, bucket: R2Bucket, id: number, fields: MjFields): Promise<Account> {
  const mj = await mjById(db, id);
  await assertMailFree(db, fields.mail, mj.id);
  const photoKey = fields.photo ? await storePicture(bucket, fields.photo) : fields.removePhoto ? null : mj.photoKey;
  try {
    const [row] = await db
      .update(accounts)
      .set({
        name: fields.name,
        mail: fields.mail,
        // A new password ends the sessions opened with the old one (see accounts.sessionVersion).
        ...(fields.password
          ? { passwordHash: await hashPassword(fields.password), ...revokedSessions() }
          : {}),
        expiration: fields.expiration,
        gamesLeft: fields.gamesLeft,
        canEdit: fields.canEdit,
        photoKey,
      })
      .where(and(eq(accounts.id, mj.id), eq(accounts.role, "mj")))
      .returning();
    // Deleted between the read and the write.
    if (!row) throw Refusal.notFound(MSG_MJ.notFound);
    if (mj.photoKey !== photoKey) await releaseMedia(db, bucket, [mj.photoKey]);
    return row;
  } catch (error) {
    if (photoKey !== mj.photoKey) await releaseMedia(db, bucket, [photoKey]);
    if (isUniqueViolation(error)) throw Refusal.badRequest(MSG_MJ.mailTaken);
    throw error;
  }
}

// ---------- Deleting an MJ ----------

type DeleteReport = { name: string; folder: string | null; quizzes: number; folders: number; gamesEnded: number };

/** What the table says once an MJ is deleted, and where their things went. */
export function deleteMessage(report: DeleteReport, t: Translate): string {
  if (!report.folder) return t("admin.mj.deleted", { name: report.name });
  return t("admin.mj.deletedMoved", { name: report.name, quizzes: report.quizzes, folders: report.folders, folder: report.folder });
}

/**
 * Ends the MJ's live games, then in one D1 batch (all or nothing): a new admin folder
 * 'Quiz de {name}' receives the MJ's top-level folders and quizzes (sub-trees keep their shape),
 * everything of theirs changes owner, their game history goes to the admin, and the account
 * goes. Their photo and lobby picture are released afterwards.
 */
export async function deleteMj(context: AppLoadContext, admin: Account, id: number, t: Translate): Promise<DeleteReport> {
  const { db } = context;
  const mj = await mjById(db, id);

  const live = await db
    .select({ roomNumber: games.roomNumber })
    .from(games)
    .where(and(eq(games.ownerId, mj.id), ne(games.status, "closed"), eq(games.kind, "room")));
  let gamesEnded = 0;
  for (const game of live) {
    try {
      await closeGame(context, admin, game.roomNumber);
      gamesEnded++;
    } catch (error) {
      // The game row moves to the admin below: they can still end it from its room.
      console.error(`Fin de la partie ${game.roomNumber} impossible`, error);
    }
  }

  for (let attempt = 0; ; attempt++) {
    try {
      const report = await transferAndDelete(db, admin, mj, t);
      await releaseMedia(db, context.cloudflare.env.BUCKET, [mj.photoKey, mj.lobbyPictureKey]);
      return { ...report, gamesEnded };
    } catch (error) {
      // Another folder took the id chosen up front: choose again.
      if (attempt >= 2 || !/UNIQUE constraint failed: folders\.id/i.test(String(error))) throw error;
    }
  }
}

async function transferAndDelete(db: Db, admin: Account, mj: Account, t: Translate): Promise<Omit<DeleteReport, "gamesEnded">> {
  const [[quizCount], [folderCount], [{ maxId }]] = await db.batch([
    db.select({ n: sql<number>`count(*)` }).from(quizzes).where(eq(quizzes.ownerId, mj.id)),
    db.select({ n: sql<number>`count(*)` }).from(folders).where(eq(folders.ownerId, mj.id)),
    db.select({ maxId: sql<number>`coalesce(max(${folders.id}), 0)` }).from(folders),
  ]);
  const nQuizzes = Number(quizCount.n);
  const nFolders = Number(folderCount.n);
  const deleteAccount = db.delete(accounts).where(and(eq(accounts.id, mj.id), eq(accounts.role, "mj")));
  const moveGames = db.update(games).set({ ownerId: admin.id }).where(eq(games.ownerId, mj.id));
  if (nQuizzes + nFolders === 0) {
    await db.batch([moveGames, deleteAccount]);
    return { name: mj.name, folder: null, quizzes: 0, folders: 0 };
  }
  const folderId = Number(maxId) + 1;
  const name = transferFolderName(mj.name, t);
  // The MJ's own folder ids: anything of theirs hanging elsewhere (a parent that no longer
  // exists) also lands in the new folder rather than vanishing from every dashboard.
  const theirFolders = db.select({ id: folders.id }).from(folders).where(eq(folders.ownerId, mj.id));
  await db.batch([
    db.insert(folders).values({ id: folderId, ownerId: admin.id, parentId: null, name }),
    db
      .update(folders)
      .set({ parentId: folderId })
      .where(and(eq(folders.ownerId, mj.id), or(isNull(folders.parentId), notInArray(folders.parentId, theirFolders)))),
    // Before the folders change owner: `theirFolders` must still name them.
    db
      .update(quizzes)
      .set({ folderId })
      .where(and(eq(quizzes.ownerId, mj.id), or(isNull(quizzes.folderId), notInArray(quizzes.folderId, theirFolders)))),
    db.update(folders).set({ ownerId: admin.id }).where(eq(folders.ownerId, mj.id)),
    db.update(quizzes).set({ ownerId: admin.id }).where(eq(quizzes.ownerId, mj.id)),
    moveGames,
    deleteAccount,
  ]);
  return { name: mj.name, folder: name, quizzes: nQuizzes, folders: nFolders };
}
