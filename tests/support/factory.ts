/**
 * Test data written through the app's own schema (db/schema.ts) and password hashing, the same
 * way whether the tests run inside workerd (drizzle over env.DB) or against the served Worker
 * (drizzle over its D1 through wrangler, see served-db.ts). Each call writes one graph (a quiz
 * with its questions) in one batch; names are unique per run, since one served database holds
 * every e2e file's data.
 */
import type { BatchItem, BatchResponse } from "drizzle-orm/batch";
import type { BaseSQLiteDatabase } from "drizzle-orm/sqlite-core";
import {
  accounts,
  folders,
  games,
  questions,
  quizzes,
  type Account,
  type Folder,
  type Game,
  type Question,
  type Quiz,
} from "@db/schema";
import type { MapSettings } from "@common/wire/protocol";
import type { schema } from "@db/client";
import { hashPassword } from "~/server/auth/password.server";

/** drizzle over D1 (workerd) or over the served Worker's D1 (sqlite-proxy): both batch. */
export type KitDb = BaseSQLiteDatabase<"async", unknown, typeof schema> & {
  batch<U extends BatchItem<"sqlite">, T extends Readonly<[U, ...U[]]>>(batch: T): Promise<BatchResponse<T>>;
};

export interface KitStore {
  db: KitDb;
  /** Stores bytes in the app's R2 bucket. */
  putObject(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
}

/** An account as the factory made it: the password is known, so the app can be logged into. */
export type TestAccount = Account & { password: string };
export type TestQuiz = Quiz & { questions: Question[] };

const RUN = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
let counter = 0;
/** A name no other test of this run (nor of another run on the same database) has. */
export const unique = (prefix: string) => `${prefix}-${RUN}-${++counter}`;
/** The same, fit for a quiz's unique name (a URL slug). */
export const uniqueSlug = (prefix: string) => unique(prefix).toLowerCase().replace(/[^a-z0-9-]/g, "-");

const DEFAULT_PASSWORD = "mot-de-passe-de-test";

export interface AccountSpec {
  role?: "admin" | "mj";
  name?: string;
  mail?: string;
  password?: string;
  /** MJ: login refused after this instant (ms); by default a month from now. */
  expiration?: number | null;
  /** MJ whose access ended a minute ago. */
  expired?: boolean;
  /** Games the MJ may still launch; null = unlimited. */
  gamesLeft?: number | null;
  canEdit?: boolean;
  photoKey?: string | null;
  lobbyPictureKey?: string | null;
}

export interface FolderSpec {
  name?: string;
  parent?: Folder | number | null;
  imageKey?: string | null;
}

export interface StreetViewSpec {
  pano: string;
  lat: number;
  lng: number;
  heading?: number;
  pitch?: number;
  fov?: number | null;
}

export interface QuestionSpec {
  lat: number;
  lng: number;
  name?: string;
  /** R2 key of the photo (see photo()); a Street View question has none. */
  photo?: string | null;
  streetview?: StreetViewSpec;
  title?: string | null;
  description?: string | null;
}

export interface QuizSpec {
  name?: string;
  uniqueName?: string;
  description?: string;
  folder?: Folder | number | null;
  /** The map the players get; null: never set (the wizard's map step not done). */
  mapSettings?: MapSettings | null;
  speedPointsMax?: number;
  lastTimePlayed?: number | null;
  questions?: QuestionSpec[];
  /** Shorthand: photo questions with these R2 keys (near Paris), instead of `questions`. */
  photos?: string[];
}

export interface GameSpec {
  id?: string;
  quiz: Quiz | string;
  owner: Account | number;
  roomNumber: string;
  status?: Game["status"];
  mode?: Game["mode"];
  settings?: unknown;
  createdAt?: number;
}

/** Paris landmarks: Eiffel tower, the Louvre's pyramid, Notre-Dame. */
export const PARIS_SPOTS = [
  { lat: 48.8584, lng: 2.2945 },
  { lat: 48.8606, lng: 2.3376 },
  { lat: 48.853, lng: 2.3499 },
] as const;

const PARIS_MAP: MapSettings = {
  center: { lat: 48.857, lng: 2.33 },
  zoom: 12,
  bounds: { north: 48.9, south: 48.82, east: 2.42, west: 2.25 },
};

const idOf = (x: { id: number } | number | null | undefined) => (x === null || x === undefined ? null : typeof x === "number" ? x : x.id);

/** A photo key of the shape the app stores (content hash), for questions that need no real bytes. */
const fakePhotoKey = (n = 0) => `photos/${n.toString(16).padStart(64, "0")}.jpg`;

export function factory(store: KitStore) {
  const { db } = store;

  async function account(spec: AccountSpec = {}): Promise<TestAccount> {
    const role = spec.role ?? "mj";
    const password = spec.password ?? DEFAULT_PASSWORD;
    const [row] = await db
      .insert(accounts)
      .values({
        role,
        name: spec.name ?? unique(role === "admin" ? "Admin" : "MJ"),
        mail: (spec.mail ?? `${unique(role)}@repere.test`).toLowerCase(),
        passwordHash: await hashPassword(password),
        expiration: spec.expired
          ? Date.now() - 60_000
          : spec.expiration !== undefined
            ? spec.expiration
            : role === "mj"
              ? Date.now() + 30 * 86_400_000
              : null,
        gamesLeft: spec.gamesLeft ?? null,
        canEdit: spec.canEdit ?? false,
        photoKey: spec.photoKey ?? null,
        lobbyPictureKey: spec.lobbyPictureKey ?? null,
      })
      .returning();
    return { ...row!, password };
  }

  async function folder(owner: Account | number, spec: FolderSpec = {}): Promise<Folder> {
    const [row] = await db
      .insert(folders)
      .values({
        ownerId: idOf(owner)!,
        name: spec.name ?? unique("Dossier"),
        parentId: idOf(spec.parent),
        imageKey: spec.imageKey ?? null,
      })
      .returning();
    return row!;
  }

  function questionRows(uniqueName: string, specs: QuestionSpec[]) {
    return specs.map((q, i) => ({
      quizUniqueName: uniqueName,
      position: i,
      name: q.name ?? `Question ${i + 1}`,
      kind: q.streetview ? ("streetview" as const) : ("photo" as const),
      fileKey: q.streetview ? null : q.photo === undefined ? fakePhotoKey(i) : q.photo,
      svPano: q.streetview?.pano ?? null,
      svLat: q.streetview?.lat ?? null,
      svLng: q.streetview?.lng ?? null,
      svHeading: q.streetview ? (q.streetview.heading ?? 0) : null,
      svPitch: q.streetview ? (q.streetview.pitch ?? 0) : null,
      svFov: q.streetview?.fov ?? null,
      title: q.title ?? null,
      description: q.description ?? null,
      lat: q.lat,
      lng: q.lng,
    }));
  }

  /** A quiz and its questions, in one batch. */
  async function quiz(owner: Account | number, spec: QuizSpec = {}): Promise<TestQuiz> {
    const uniqueName = spec.uniqueName ?? uniqueSlug(spec.name ?? "quiz");
    const insertQuiz = db
      .insert(quizzes)
      .values({
        uniqueName,
        ownerId: idOf(owner)!,
        folderId: idOf(spec.folder),
        name: spec.name ?? unique("Quiz"),
        description: spec.description ?? "Où ont été prises ces photos ?",
        mapSettings: spec.mapSettings === undefined ? PARIS_MAP : spec.mapSettings,
        speedPointsMax: spec.speedPointsMax ?? 5,
        lastTimePlayed: spec.lastTimePlayed ?? null,
      })
      .returning();
    const specs =
      spec.questions ??
      spec.photos?.map((photo, i) => ({ photo, lat: 48.85 + i / 100, lng: 2.35 })) ??
      PARIS_SPOTS.map((s) => ({ ...s }));
    const rows = questionRows(uniqueName, specs);
    if (rows.length === 0) {
      const [q] = await insertQuiz;
      return { ...q!, questions: [] };
    }
    // D1 binds at most 100 values per statement: 6 rows of 15 columns each.
    const inserts = [];
    for (let i = 0; i < rows.length; i += 6) inserts.push(db.insert(questions).values(rows.slice(i, i + 6)).returning());
    const [[q], ...lists] = await db.batch([insertQuiz, ...inserts]);
    return { ...q!, questions: lists.flat() };
  }

  /** A row of the games registry (a game the app did not launch: tests of the registry itself). */
  async function game(spec: GameSpec): Promise<Game> {
    const [row] = await db
      .insert(games)
      .values({
        id: spec.id ?? unique("game"),
        quizUniqueName: typeof spec.quiz === "string" ? spec.quiz : spec.quiz.uniqueName,
        ownerId: idOf(spec.owner)!,
        roomNumber: spec.roomNumber,
        status: spec.status ?? "lobby",
        mode: spec.mode ?? "player",
        settings: spec.settings ?? {},
        createdAt: spec.createdAt ?? Date.now(),
      })
      .returning();
    return row!;
  }

  /** Stores a picture under the content-hash key the app itself uses for question photos. */
  async function photo(bytes: Uint8Array<ArrayBuffer>, contentType = "image/jpeg"): Promise<string> {
    const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
    const hex = [...digest].map((b) => b.toString(16).padStart(2, "0")).join("");
    const ext = contentType === "image/png" ? "png" : contentType === "image/webp" ? "webp" : "jpg";
    const key = `photos/${hex}.${ext}`;
    await store.putObject(key, bytes, contentType);
    return key;
  }

  return {
    account,
    mj: (spec: Omit<AccountSpec, "role"> = {}) => account({ ...spec, role: "mj" }),
    folder,
    quiz,
    game,
    photo,
    putObject: store.putObject,
    db,
  };
}

export type Factory = ReturnType<typeof factory>;
