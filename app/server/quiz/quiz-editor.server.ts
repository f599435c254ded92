/**
 * The quiz wizard's server side: create a quiz and edit its details, add, edit, reorder and remove
 * questions, save its map settings, discard a quiz abandoned during its creation. Who may change which quiz is decided by
 * requireOwnedQuiz (quizzes.server.ts); the functions below take a quiz already checked.
 */
import { and, asc, eq, getTableColumns, sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "@db/client";
import { folders, questions, quizzes, type Account, type Question, type Quiz } from "@db/schema";
import { PHOTO_TOO_MANY_PIXELS, QUESTION_PHOTO_MAX_BYTES, QUESTION_PHOTO_MAX_PIXELS, QUIZ_FULL, QUIZ_QUESTIONS_MAX } from "@common/rules";
import { WIZARD_MSG, type WizardQuestion, type WizardQuizDetails } from "@common/contracts/wizard/types";
import { firstIssue, questionNameSchema, streetViewFieldsSchema } from "@common/contracts/wizard/schemas";
import { questionNameOf } from "@common/contracts/wizard/photos";
import { COORDS_MSG, isValidLatLng, parseCoords, type CoordsResult } from "@common/util/coords";
import { folderUrl, dashboardUrl } from "@common/contracts/dashboard/format";
import { canAccess } from "../auth/auth.server";
import { inCreation, questionCount, removeQuiz } from "./quizzes.server";
import { Refusal } from "../http/refusal.server";
import { questionImageUrl } from "@common/media/urls";
import { PICTURE_FILE, putMedia, releaseMedia } from "../media/media.server";
import { IMAGE_EXTENSION, type ImageType } from "@common/media/sniff";
import { cleanUpload } from "../media/picture-upload.server";
import { quizUniqueName } from "@common/util/slug";
import { parseStreetViewEmbed, streetViewEmbedUrl, type StreetView } from "@common/media/streetview";
import type { LatLng, MapSettings } from "@common/wire/protocol";
import { wordsText } from "@common/i18n/words";

/** A folder the account may put a quiz into, or null (the quiz then goes to the root). */
export async function usableFolder(db: Db, account: Account, folderId: number | null | undefined) {
  if (!folderId || !Number.isSafeInteger(folderId)) return null;
  const [folder] = await db.select().from(folders).where(eq(folders.id, folderId)).limit(1);
  return folder && canAccess(account, folder.ownerId) ? folder : null;
}

export async function createQuiz(
  db: Db,
  account: Account,
  input: { name: string; description: string; speedPointsMax?: number; folderId?: number | null },
): Promise<string> {
  const folder = await usableFolder(db, account, input.folderId);
  // The suffix makes a clash very unlikely; one retry covers it.
  for (let attempt = 0; ; attempt++) {
    const uniqueName = quizUniqueName(input.name);
    try {
      await db.insert(quizzes).values({
        uniqueName,
        ownerId: account.id,
        folderId: folder?.id ?? null,
        name: input.name,
        description: input.description,
        ...(input.speedPointsMax === undefined ? {} : { speedPointsMax: input.speedPointsMax }),
      });
      return uniqueName;
    } catch (error) {
      if (attempt >= 1) throw error;
    }
  }
}

const fileNameOf = (key: string) => key.slice(key.lastIndexOf("/") + 1);

function toWizardQuestion(quizName: string, q: Question): WizardQuestion {
  const streetView: StreetView | null =
    q.kind === "streetview" && q.svLat !== null && q.svLng !== null && q.svHeading !== null && q.svPitch !== null
      ? { pano: q.svPano, lat: q.svLat, lng: q.svLng, heading: q.svHeading, pitch: q.svPitch, fov: q.svFov }
      : null;
  return {
    id: q.id,
    position: q.position,
    kind: q.kind,
    name: q.name,
    coords: { lat: q.lat, lng: q.lng },
    filename: q.fileKey ? fileNameOf(q.fileKey) : null,
    imageUrl: q.fileKey ? questionImageUrl(quizName, q.fileKey) : null,
    titre: q.title,
    description: q.description,
    streetView,
    embedUrl: streetView ? streetViewEmbedUrl(streetView) : null,
  };
}

export async function listQuestions(db: Db, quizName: string): Promise<WizardQuestion[]> {
  const rows = await db
    .select()
    .from(questions)
    .where(eq(questions.quizUniqueName, quizName))
    .orderBy(asc(questions.position), asc(questions.id));
  return rows.map((q) => toWizardQuestion(quizName, q));
}

/** Refused before anything is read or stored when the quiz is already full. */
export async function assertRoomForOne(db: Db, quizName: string): Promise<void> {
  if ((await questionCount(db, quizName)) >= QUIZ_QUESTIONS_MAX) throw Refusal.conflict(QUIZ_FULL);
}

type QuestionFields = Omit<typeof questions.$inferInsert, "id" | "quizUniqueName" | "position">;

/**
 * One question at the end of its quiz, in one statement that also counts the quiz's questions:
 * D1 runs statements one at a time, so parallel adds (two tabs, a batch and a hand-placed photo)
 * cannot pass QUIZ_QUESTIONS_MAX together. Refused (409) when the quiz is full; a quiz deleted
 * meanwhile gets nothing either.
 */
async function appendQuestion(db: Db, quizName: string, fields: QuestionFields): Promise<Question> {
  const columns = getTableColumns(questions);
  const ofQuiz = sql`from ${questions} where ${questions.quizUniqueName} = ${quizName}`;
  const value = (key: keyof typeof columns): SQL => {
    if (key === "id") return sql`null`;
    if (key === "quizUniqueName") return sql`${quizName}`;
    if (key === "position") return sql`(select coalesce(max(${questions.position}), -1) + 1 ${ofQuiz})`;
    return sql`${fields[key] ?? null}`;
  };
  // Every column, in the table's order: the insert names them in that order.
  const row = sql.join(
    (Object.keys(columns) as (keyof typeof columns)[]).map((key) => value(key)),
    sql`, `,
  );
  const [inserted] = await db
    .insert(questions)
    .select(sql`select ${row} from ${quizzes} where ${quizzes.uniqueName} = ${quizName} and (select count(*) ${ofQuiz}) < ${QUIZ_QUESTIONS_MAX}`)
    .returning();
  if (!inserted) throw Refusal.conflict(QUIZ_FULL);
  return inserted;
}

type StoredPhoto = { bytes: Uint8Array<ArrayBuffer>; type: ImageType };

/**
 * The photo in R2 first, then `write` (the D1 row that names it): a row never points at a missing
 * object. If the row cannot be written, the object is released again, so nothing is left
 * half-stored. Objects are shared by content hash: another upload of the same bytes that failed
 * meanwhile may have released it between the two writes, so it is put back if it went.
 */
async function withStoredPhoto<T>(db: Db, bucket: R2Bucket, photo: StoredPhoto, write: (key: string) => Promise<T>): Promise<T> {
  const store = () => putMedia(bucket, "photos", photo.bytes, photo.type, IMAGE_EXTENSION[photo.type]);
  const key = await store();
  let written: T;
  try {
    written = await write(key);
  } catch (error) {
    await releaseMedia(db, bucket, [key]);
    throw error;
  }
  await store();
  return written;
}

/** A photo question (its picture already sniffed and stripped of its position) at the end. */
export async function addPhotoQuestion(
  db: Db,
  bucket: R2Bucket,
  quiz: Quiz,
  photo: StoredPhoto & { name: string; spot: LatLng },
): Promise<WizardQuestion> {
  return withStoredPhoto(db, bucket, photo, async (key) => {
    const row = await appendQuestion(db, quiz.uniqueName, {
      name: photo.name,
      kind: "photo",
      fileKey: key,
      lat: photo.spot.lat,
      lng: photo.spot.lng,
    });
    return toWizardQuestion(quiz.uniqueName, row);
  });
}

async function addStreetViewQuestion(
  db: Db,
  quiz: Quiz,
  input: { name: string; title: string; description: string; streetView: StreetView; spot: LatLng },
): Promise<WizardQuestion> {
  const sv = input.streetView;
  const row = await appendQuestion(db, quiz.uniqueName, {
    name: input.name,
    kind: "streetview",
    svPano: sv.pano,
    svLat: sv.lat,
    svLng: sv.lng,
    svHeading: sv.heading,
    svPitch: sv.pitch,
    svFov: sv.fov,
    title: input.title,
    description: input.description,
    lat: input.spot.lat,
    lng: input.spot.lng,
  });
  return toWizardQuestion(quiz.uniqueName, row);
}

/** `coords` is JSON {lat, lng}; the typed 'lat,lng' form is accepted too. */
function readCoords(value: unknown): CoordsResult {
  if (typeof value !== "string" || !value.trim()) return { ok: false, error: COORDS_MSG.missing };
  try {
    const json: unknown = JSON.parse(value);
    if (json && typeof json === "object" && "lat" in json && "lng" in json) {
      const { lat, lng } = json as { lat: unknown; lng: unknown };
      if (typeof lat === "number" && typeof lng === "number" && isValidLatLng(lat, lng)) {
        return { ok: true, coords: { lat, lng } };
      }
      return { ok: false, error: COORDS_MSG.invalid };
    }
  } catch {
    // not JSON: the typed form below
  }
  return parseCoords(value);
}

/**
 * The wizard's multipart form (uploadFile, name, coords, iframe, titre, description), each name's
 * first value, files as File; read by the route within the photo's limit (uploadBodyBytes), after
 * the quiz was checked. A body with no field at all is refused.
 */
export const QuestionForm = z
  .record(z.unknown())
  .refine((fields) => Object.keys(fields).length > 0, { message: wordsText(WIZARD_MSG.required) });
type FormFields = z.output<typeof QuestionForm>;

/** The true spot, from the form's `coords`. */
function spotOf(form: FormFields): LatLng {
  const read = readCoords(form.coords ?? null);
  if (!read.ok) throw Refusal.badRequest(read.error);
  return read.coords;
}

/** The name typed, else a fallback (the photo's file name, the Street View title). */
function questionName(form: FormFields, fallback: string): string {
  const raw = form.name;
  const name = questionNameSchema.safeParse(typeof raw === "string" && raw.trim() ? raw : fallback);
  if (!name.success) throw Refusal.badRequest(firstIssue(name.error));
  return name.data;
}

/** The uploaded photo checked by its content and rebuilt with its image data only: its GPS position is the answer. */
async function photoOf(file: unknown): Promise<StoredPhoto> {
  if (!(file instanceof File) || file.size === 0) throw Refusal.badRequest(WIZARD_MSG.noFile);
  if (file.size > QUESTION_PHOTO_MAX_BYTES) throw Refusal.tooLarge(WIZARD_MSG.tooLarge);
  return cleanUpload(file, { max: QUESTION_PHOTO_MAX_PIXELS, tooMany: PHOTO_TOO_MANY_PIXELS });
}

/**
 * A new question from the wizard's multipart form. A photo question sends uploadFile, name and
 * coords; a Street View question sends coords, name, iframe, titre and description. The photo
 * is checked by its content and stored without any metadata: its GPS position is the answer.
 */
export async function addQuestionFromForm(
  db: Db,
  bucket: R2Bucket,
  quiz: Quiz,
  form: FormFields,
): Promise<WizardQuestion> {
  const photoFile = form.uploadFile;
  if (photoFile !== undefined) {
    const photo = await photoOf(photoFile);
    const name = questionName(form, questionNameOf((photoFile as File).name));
    const spot = spotOf(form);
    return addPhotoQuestion(db, bucket, quiz, { ...photo, name, spot });
  }

  if ("iframe" in form) {
    const fields = streetViewFieldsSchema.safeParse({
      title: form.titre ?? null,
      description: form.description ?? null,
      embedCode: form.iframe,
    });
    if (!fields.success) throw Refusal.badRequest(firstIssue(fields.error));
    const streetView = parseStreetViewEmbed(fields.data.embedCode);
    if (!streetView) throw Refusal.badRequest(WIZARD_MSG.streetViewMissing);
    const spot = spotOf(form);
    return addStreetViewQuestion(db, quiz, {
      name: questionName(form, fields.data.title),
      title: fields.data.title,
      description: fields.data.description,
      streetView,
      spot,
    });
  }

  throw Refusal.badRequest(WIZARD_MSG.required);
}

/**
 * Removes one question, named by its id or by its photo's file name. The row goes
 * first, then the photo if no other row still uses it.
 */
export async function deleteQuestion(db: Db, bucket: R2Bucket, quiz: Quiz, ref: string): Promise<void> {
  const byId = /^\d{1,15}$/.test(ref);
  if (!byId && !PICTURE_FILE.test(ref)) throw Refusal.notFound(WIZARD_MSG.questionNotFound);
  const [row] = await db
    .select()
    .from(questions)
    .where(
      and(
        eq(questions.quizUniqueName, quiz.uniqueName),
        byId ? eq(questions.id, Number(ref)) : eq(questions.fileKey, `photos/${ref}`),
      ),
    )
    .orderBy(asc(questions.position))
    .limit(1);
  if (!row) throw Refusal.notFound(WIZARD_MSG.questionNotFound);
  await db.delete(questions).where(eq(questions.id, row.id));
  await releaseMedia(db, bucket, [row.fileKey]);
}

/** Step 1 in edit mode: the title, the description and the speed points. */
export async function updateQuizDetails(
  db: Db,
  quiz: Quiz,
  details: { name: string; description: string; speedPointsMax?: number },
): Promise<WizardQuizDetails> {
  const [row] = await db
    .update(quizzes)
    .set({
      name: details.name,
      description: details.description,
      ...(details.speedPointsMax === undefined ? {} : { speedPointsMax: details.speedPointsMax }),
    })
    .where(eq(quizzes.uniqueName, quiz.uniqueName))
    .returning();
  return { name: row.name, description: row.description, speedPointsMax: row.speedPointsMax };
}

/** The quiz's question named by its id or its photo's file name (a page of before), or 404. */
export async function questionOf(db: Db, quiz: Quiz, ref: string | undefined): Promise<Question> {
  const id = /^\d{1,15}$/.test(ref ?? "") ? Number(ref) : null;
  const [row] =
    id === null
      ? []
      : await db
          .select()
          .from(questions)
          .where(and(eq(questions.quizUniqueName, quiz.uniqueName), eq(questions.id, id)))
          .limit(1);
  if (!row) throw Refusal.notFound(WIZARD_MSG.questionNotFound);
  return row;
}

const text = (form: FormFields, key: string) => {
  const value = form[key];
  return typeof value === "string" ? value : null;
};

/**
 * Edits one question from a multipart form; only the fields sent change. Any question: name,
 * coords. A photo question: uploadFile (a new photo). A Street View question: titre, description
 * and iframe (a new embed, parsed like a new question's). The new photo is stored before the row
 * names it; the old one goes once no row uses it.
 */
export async function updateQuestionFromForm(
  db: Db,
  bucket: R2Bucket,
  quiz: Quiz,
  row: Question,
  form: FormFields,
): Promise<WizardQuestion> {
  const changes: Partial<Question> = {};

  if ("name" in form) {
    const name = questionNameSchema.safeParse(form.name);
    if (!name.success) throw Refusal.badRequest(firstIssue(name.error));
    changes.name = name.data;
  }
  if ("coords" in form) {
    const spot = spotOf(form);
    changes.lat = spot.lat;
    changes.lng = spot.lng;
  }
  if (row.kind === "streetview") {
    if ("uploadFile" in form) throw Refusal.badRequest(WIZARD_MSG.photoOnly);
    const fields = streetViewFieldsSchema.partial().safeParse({
      title: text(form, "titre") ?? undefined,
      description: text(form, "description") ?? undefined,
      embedCode: text(form, "iframe") ?? undefined,
    });
    if (!fields.success) throw Refusal.badRequest(firstIssue(fields.error));
    if (fields.data.title !== undefined) changes.title = fields.data.title;
    if (fields.data.description !== undefined) changes.description = fields.data.description;
    if (fields.data.embedCode !== undefined) {
      const sv = parseStreetViewEmbed(fields.data.embedCode);
      if (!sv) throw Refusal.badRequest(WIZARD_MSG.streetViewMissing);
      Object.assign(changes, { svPano: sv.pano, svLat: sv.lat, svLng: sv.lng, svHeading: sv.heading, svPitch: sv.pitch, svFov: sv.fov });
    }
  }

  const write = async (fileKey?: string) => {
    const set = fileKey === undefined ? changes : { ...changes, fileKey };
    if (Object.keys(set).length === 0) return row;
    const [updated] = await db.update(questions).set(set).where(eq(questions.id, row.id)).returning();
    // Deleted meanwhile: a throw, so that a new photo stored for it is released again.
    if (!updated) throw Refusal.notFound(WIZARD_MSG.questionNotFound);
    return updated;
  };
  const photoFile = form.uploadFile;
  const updated = photoFile !== undefined ? await withStoredPhoto(db, bucket, await photoOf(photoFile), write) : await write();
  if (updated.fileKey !== row.fileKey) await releaseMedia(db, bucket, [row.fileKey]);
  return toWizardQuestion(quiz.uniqueName, updated);
}

/**
 * The questions in a new order: `order` names every question of the quiz once. Positions are
 * rewritten 0..n-1 in one batch, so a game never sees half of a reorder.
 */
export async function reorderQuestions(db: Db, quiz: Quiz, order: number[]): Promise<WizardQuestion[]> {
  const current = await db
    .select({ id: questions.id })
    .from(questions)
    .where(eq(questions.quizUniqueName, quiz.uniqueName));
  const ids = new Set(current.map((q) => q.id));
  if (order.length !== ids.size || new Set(order).size !== order.length || !order.every((id) => ids.has(id))) {
    throw Refusal.badRequest(WIZARD_MSG.badOrder);
  }
  if (order.length > 0) {
    const [first, ...rest] = order.map((id, position) =>
      db.update(questions).set({ position }).where(and(eq(questions.id, id), eq(questions.quizUniqueName, quiz.uniqueName))),
    );
    await db.batch([first!, ...rest]);
  }
  return listQuestions(db, quiz.uniqueName);
}

export async function saveMapSettings(db: Db, quiz: Quiz, mapSettings: MapSettings): Promise<void> {
  await db.update(quizzes).set({ mapSettings }).where(eq(quizzes.uniqueName, quiz.uniqueName));
}

/**
 * 'Annuler' in a wizard that created the quiz: the quiz goes with its questions and the photos
 * nothing else uses. A quiz whose map settings were confirmed is never discarded this way.
 */
export async function discardQuiz(db: Db, bucket: R2Bucket, account: Account, quiz: Quiz): Promise<boolean> {
  if (!canAccess(account, quiz.ownerId) || !inCreation(quiz)) return false;
  await removeQuiz(db, bucket, quiz);
  return true;
}

/** Where the wizard returns: the dashboard of the account's side, in the quiz's folder if any. */
export async function backToDashboard(db: Db, account: Account, folderId: number | null | undefined): Promise<string> {
  const side = account.role === "admin" ? "admin" : "mj";
  const folder = await usableFolder(db, account, folderId);
  return folder ? folderUrl(side, folder) : dashboardUrl(side);
}

/** What the wizard opens on a quiz: its details, its questions, and where « Annuler » goes back to. */
export async function editedQuiz(db: Db, account: Account, quiz: Quiz) {
  return {
    quiz: {
      uniqueName: quiz.uniqueName,
      name: quiz.name,
      description: quiz.description,
      speedPointsMax: quiz.speedPointsMax,
      mapSettings: quiz.mapSettings,
    },
    questions: await listQuestions(db, quiz.uniqueName),
    backTo: await backToDashboard(db, account, quiz.folderId),
  };
}
