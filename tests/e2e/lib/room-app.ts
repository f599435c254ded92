/**
 * A launched room for socket tests and the benchmark, through the app like a presenter:
 * an MJ account and a quiz put into the served Worker's D1 (wrangler's local commands on its
 * --persist-to folder), a session cookie signed with the test JWT secret, then
 * POST /api/game/launch, which runs the same checks and registry as the presenter page.
 */
import { execFileSync } from "node:child_process";
import path from "node:path";
import { SignJWT } from "jose";

const ROOT = path.resolve(import.meta.dirname, "..", "..", "..");
const WRANGLER = path.join(ROOT, "node_modules", ".bin", "wrangler");

/** The e2e server's JWT_SECRET (tests/e2e/global-setup.ts). */
export const E2E_JWT_SECRET = "e2e-secret-0123456789abcdef";

export interface Served {
  baseURL: string;
  /** The served Worker's wrangler state folder. */
  persistTo: string;
  jwtSecret?: string;
}

/** Runs SQL on the served Worker's D1; with `json`, the rows of the last statement. */
export function d1(served: Served, sql: string): Record<string, unknown>[] {
  const out = execFileSync(
    WRANGLER,
    ["d1", "execute", "DB", "--local", "--persist-to", served.persistTo, "--json", "--command", sql],
    {
      cwd: ROOT,
      env: { ...process.env, WRANGLER_SEND_METRICS: "false", CI: "true" },
      encoding: "utf8",
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  const parsed = JSON.parse(out) as { results?: Record<string, unknown>[] }[];
  return parsed.at(-1)?.results ?? [];
}

const q = (v: string | number | null) =>
  v === null ? "NULL" : typeof v === "number" ? String(v) : `'${v.replace(/'/g, "''")}'`;

export type Spot = { lat: number; lng: number };

export const PARIS_SPOTS: Spot[] = [
  { lat: 48.8584, lng: 2.2945 },
  { lat: 48.8606, lng: 2.3376 },
  { lat: 48.853, lng: 2.3499 },
];

export interface LaunchOptions {
  spots?: Spot[];
  mode?: "player" | "team";
  icon?: "random" | "defined";
  time?: number;
  help_zone?: number | "non";
  max_player?: number;
  max_team?: number;
  nbGame?: number | null;
}

export interface LaunchedRoom {
  served: Served;
  room: string;
  token: string;
  cookie: string;
  accountId: number;
  quiz: string;
  spots: Spot[];
}

let counter = 0;

/**
 * fetch with one retry when a kept-alive connection turns out closed by the server just as it
 * is reused ("other side closed"): the request never reached the app.
 */
export async function appFetch(url: string, init?: RequestInit): Promise<Response> {
  try {
    return await fetch(url, init);
  } catch (error) {
    const code = (error as { cause?: { code?: string } }).cause?.code;
    if (code !== "UND_ERR_SOCKET" && code !== "ECONNRESET") throw error;
    return fetch(url, init);
  }
}

/** One MJ, one quiz, one launched room. */
export async function launchRoomViaApp(served: Served, opts: LaunchOptions = {}): Promise<LaunchedRoom> {
  const spots = opts.spots ?? PARIS_SPOTS;
  const tag = `${Date.now().toString(36)}${process.pid}${++counter}`;
  const accountId = 1_000_000 + Math.floor(Math.random() * 1_000_000_000);
  const quiz = `salle-test-${tag}`;
  const statements = [
    `INSERT INTO accounts (id, role, name, mail, password_hash, nb_game, edition) VALUES (${accountId}, 'mj', 'MJ ${tag}', 'mj-${tag}@repere.test', 'x', ${q(opts.nbGame ?? null)}, 1)`,
    `INSERT INTO quizzes (unique_name, owner_id, name, description, map_settings) VALUES (${q(quiz)}, ${accountId}, 'Paris ${tag}', 'Monuments', ${q(
      JSON.stringify({ center: { lat: 48.857, lng: 2.33 }, zoom: 12, bounds: { north: 48.9, south: 48.82, east: 2.42, west: 2.25 } }),
    )})`,
    ...spots.map(
      (s, i) =>
        `INSERT INTO questions (quiz_unique_name, position, name, kind, file_key, titre, description, lat, lng) VALUES (${q(quiz)}, ${i}, 'q${i}', 'photo', 'photos/${"0".repeat(63)}${i % 10}.jpg', 'Question ${i + 1}', '', ${s.lat}, ${s.lng})`,
    ),
  ];
  d1(served, statements.join("; "));
  const secret = new TextEncoder().encode(served.jwtSecret ?? E2E_JWT_SECRET);
  const jwt = await new SignJWT({ role: "mj" })
    .setProtectedHeader({ alg: "HS256" })
    .setSubject(String(accountId))
    .setIssuedAt()
    .setExpirationTime("1d")
    .sign(secret);
  const cookie = `auth_mj=${jwt}`;
  const body: Record<string, unknown> = { quiz, mode: opts.mode ?? "player", time: opts.time ?? 15 };
  for (const key of ["icon", "help_zone", "max_player", "max_team"] as const) if (opts[key] !== undefined) body[key] = opts[key];
  const res = await appFetch(`${served.baseURL}/api/game/launch`, {
    method: "POST",
    headers: { Cookie: cookie, "Content-Type": "application/json", Origin: served.baseURL },
    body: JSON.stringify(body),
  });
  if (res.status !== 201) throw new Error(`lancement refusé : ${res.status} ${await res.text()}`);
  const { roomNumber, token } = (await res.json()) as { roomNumber: string; token: string };
  return { served, room: roomNumber, token, cookie, accountId, quiz, spots };
}

export async function closeRoomViaApp(l: LaunchedRoom) {
  const res = await appFetch(`${l.served.baseURL}/api/game/${l.room}/close`, {
    method: "POST",
    headers: { Cookie: l.cookie, Origin: l.served.baseURL },
  });
  if (!res.ok) throw new Error(`fermeture refusée : ${res.status}`);
}

export async function fetchRanking(l: LaunchedRoom) {
  const res = await appFetch(`${l.served.baseURL}/api/game/${l.room}/ranking`, { headers: { Cookie: l.cookie } });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

/** The games row of the room's game (the latest one with that number). */
export function gameRow(l: LaunchedRoom) {
  return d1(
    l.served,
    `SELECT id, status, results, started_at, ended_at FROM games WHERE room_number = ${q(l.room)} AND owner_id = ${l.accountId} ORDER BY created_at DESC LIMIT 1`,
  )[0] as { id: string; status: string; results: string | null; started_at: number | null; ended_at: number | null } | undefined;
}

export function accountGames(l: LaunchedRoom): number | null {
  const row = d1(l.served, `SELECT nb_game FROM accounts WHERE id = ${l.accountId}`)[0];
  return (row?.nb_game as number | null) ?? null;
}
