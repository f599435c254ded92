import { env, SELF } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { createDb } from "@db/client";
import { accounts, folders, questions, quizzes, type Account } from "@db/schema";
import { signSession } from "~/server/auth.server";
import { hashPassword } from "~/server/password.server";

/** Fixtures of the dashboard tests: accounts, cookies, folders, quizzes, uploads. */
export const db = createDb(env.DB);
export const ORIGIN = "http://localhost";

let counter = 0;
export const unique = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${++counter}`;

export async function admin(): Promise<Account> {
  await SELF.fetch(`${ORIGIN}/`); // the first request creates the admin from the environment
  const [row] = await db.select().from(accounts).where(eq(accounts.role, "admin")).limit(1);
  return row;
}

export async function mj(options: { password?: string; expired?: boolean; edition?: boolean } = {}) {
  const [row] = await db
    .insert(accounts)
    .values({
      role: "mj",
      name: unique("MJ"),
      mail: `${unique("mj")}@example.fr`,
      passwordHash: await hashPassword(options.password ?? "mot-de-passe-mj"),
      expiration: options.expired ? Date.now() - 60_000 : Date.now() + 86_400_000,
      edition: options.edition ?? false,
    })
    .returning();
  return row;
}

export async function cookieOf(account: Account): Promise<string> {
  const token = await signSession(env, account);
  return `${account.role === "admin" ? "auth_admin" : "auth_mj"}=${token}`;
}

export async function folder(ownerId: number, name = unique("Dossier"), parentId: number | null = null, imageKey: string | null = null) {
  const [row] = await db.insert(folders).values({ ownerId, name, parentId, imageKey }).returning();
  return row;
}

export async function quiz(
  ownerId: number,
  options: { folderId?: number | null; name?: string; photos?: string[]; lastTimePlayed?: number | null } = {},
) {
  const name = options.name ?? unique("Quiz");
  const uniqueName = unique("quiz").toLowerCase().replace(/[^a-z0-9-]/g, "-");
  const [row] = await db
    .insert(quizzes)
    .values({
      uniqueName,
      ownerId,
      folderId: options.folderId ?? null,
      name,
      description: "Description",
      lastTimePlayed: options.lastTimePlayed ?? null,
    })
    .returning();
  const photos = options.photos ?? ["photos/a.jpg"];
  for (const [i, key] of photos.entries()) {
    await db.insert(questions).values({
      quizUniqueName: uniqueName,
      position: i,
      name: `Question ${i + 1}`,
      kind: "photo",
      fileKey: key,
      lat: 48.85 + i / 100,
      lng: 2.35,
    });
  }
  return row;
}

export async function putObject(key: string) {
  await env.BUCKET.put(key, new Uint8Array([1, 2, 3]));
}

export async function exists(key: string) {
  return (await env.BUCKET.head(key)) !== null;
}

type Fields = Record<string, string | File>;

/** A form POST as a browser on our own page sends it (Origin of the site unless told). */
export function post(path: string, fields: Fields, cookie?: string, origin: string | null = ORIGIN) {
  const body = new FormData();
  for (const [k, v] of Object.entries(fields)) body.append(k, v);
  // A browser always sends Host; Remix compares it with Origin before any action.
  const headers: Record<string, string> = { Host: "localhost" };
  if (cookie) headers.Cookie = cookie;
  if (origin) headers.Origin = origin;
  return SELF.fetch(`${ORIGIN}${path}`, { method: "POST", body, headers, redirect: "manual" });
}

/**
 * The same POST as a fetcher sends it (`.data`): the answer is the action's alone, whereas a
 * document POST also runs the page's loader (which sends nobody back to the login).
 */
export function postData(path: string, fields: Fields, cookie?: string) {
  const url = new URL(path, ORIGIN);
  url.pathname = `${url.pathname}.data`;
  return post(url.pathname + url.search, fields, cookie);
}

export function get(path: string, cookie?: string) {
  return SELF.fetch(`${ORIGIN}${path}`, { headers: cookie ? { Cookie: cookie } : {}, redirect: "manual" });
}

export function postJson(path: string, body: unknown, cookie?: string) {
  return SELF.fetch(`${ORIGIN}${path}`, {
    method: "POST",
    body: JSON.stringify(body),
    headers: { "Content-Type": "application/json", Host: "localhost", Origin: ORIGIN, ...(cookie ? { Cookie: cookie } : {}) },
  });
}

export const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 73, 72, 68, 82, 9, 8, 7]);

export function png(seed = 0, size?: number): File {
  const bytes = new Uint8Array(size ?? PNG.length + 4);
  bytes.set(PNG);
  bytes[bytes.length - 1] = seed & 0xff;
  bytes[bytes.length - 2] = (seed >> 8) & 0xff;
  return new File([bytes], "image.png", { type: "image/png" });
}

export async function folderRow(id: number) {
  const [row] = await db.select().from(folders).where(eq(folders.id, id));
  return row ?? null;
}

export async function quizRow(uniqueName: string) {
  const [row] = await db.select().from(quizzes).where(eq(quizzes.uniqueName, uniqueName));
  return row ?? null;
}
