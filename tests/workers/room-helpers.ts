/** Shared by the room's workerd tests: data in D1, a launched room, sockets that record. */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { env, runDurableObjectAlarm, runInDurableObject, SELF } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { expect } from "vitest";
import { createDb } from "@db/client";
import { accounts, games, questions, quizzes, type Account } from "@db/schema";
import { launchGame, presenterSession, type LaunchSettings } from "~/server/games.server";
import type { GameState } from "@party/engine";
import type { GameRoom } from "@party/game-room";
import { PROTOCOL_VERSION } from "@common/protocol";

export const db = () => createDb(env.DB);

export function appContext(): AppLoadContext {
  return {
    cloudflare: { env, ctx: { waitUntil() {}, passThroughOnException() {} } },
    db: db(),
  } as unknown as AppLoadContext;
}

let seq = 0;
const unique = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${++seq}`;

export async function makeAccount(values: Partial<typeof accounts.$inferInsert> = {}): Promise<Account> {
  const [account] = await db()
    .insert(accounts)
    .values({ role: "mj", name: "Camille", mail: `${unique("mj")}@example.fr`, passwordHash: "x", ...values })
    .returning();
  return account!;
}

export const SPOTS = [
  { lat: 48.8584, lng: 2.2945 },
  { lat: 45.764, lng: 4.8357 },
] as const;

/** A quiz of `spots.length` photo questions owned by `owner`. */
export async function makeQuiz(owner: Account, spots: readonly { lat: number; lng: number }[] = SPOTS): Promise<string> {
  const uniqueName = unique("quiz");
  await db()
    .insert(quizzes)
    .values({
      uniqueName,
      ownerId: owner.id,
      name: "Tour de France",
      description: "Des lieux connus",
      mapSettings: { center: { lat: 46.5, lng: 2.5 }, zoom: 5, bounds: { north: 51, south: 42, east: 8, west: -5 } },
    });
  if (spots.length)
    await db()
      .insert(questions)
      .values(
        spots.map((s, i) => ({
          quizUniqueName: uniqueName,
          position: i,
          name: `q${i}`,
          kind: "photo" as const,
          fileKey: `photos/${"a".repeat(63)}${i}.jpg`,
          titre: `Question ${i + 1}`,
          description: "",
          lat: s.lat,
          lng: s.lng,
        }))
      );
  return uniqueName;
}

export const SETTINGS: LaunchSettings = {
  iconType: "random",
  answerTimeSec: 15,
  helpZoneM: 500,
  mode: "player",
  maxPlayer: 50,
  maxTeam: 6,
};

export interface Launched {
  room: string;
  token: string;
  owner: Account;
  quiz: string;
  gameId: string;
}

export async function launch(settings: Partial<LaunchSettings> = {}, owner?: Account): Promise<Launched> {
  const account = owner ?? (await makeAccount());
  const quiz = await makeQuiz(account);
  const { roomNumber } = await launchGame(appContext(), account, quiz, { ...SETTINGS, ...settings });
  const session = await presenterSession(appContext(), account, roomNumber);
  expect(session).not.toBeNull();
  const [game] = await db().select().from(games).where(eq(games.roomNumber, roomNumber));
  return { room: roomNumber, token: session!.token, owner: account, quiz, gameId: game!.id };
}

export const stubOf = (room: string) => env.GameRoom.get(env.GameRoom.idFromName(room));

/** Runs `fn` on the room's instance (private fields reachable through the cast). */
export function inRoom<T>(room: string, fn: (r: RoomInternals) => T | Promise<T>): Promise<T> {
  return runInDurableObject(stubOf(room), (instance: GameRoom) => fn(instance as unknown as RoomInternals));
}
/** The room's test hooks and private fields, as the tests reach them. */
export interface RoomInternals {
  clockSkewMs: number;
  failNextD1Flushes: number;
  state: GameState | null;
  pending: unknown[];
  ctx: DurableObjectState;
}

/** Moves the room's clock forward and rings its alarm, as if that much time had passed. */
export async function advance(room: string, ms: number) {
  await inRoom(room, (r) => {
    r.clockSkewMs += ms;
  });
  await runDurableObjectAlarm(stubOf(room));
}

export const roomState = (room: string) => inRoom(room, (r) => structuredClone(r.state));

// ---------------------------------------------------------------------------------------------
// Sockets

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Msg = { type: string; [key: string]: any };

export class Sock {
  readonly msgs: Msg[] = [];
  private taken = new Set<number>();
  private waiters: (() => void)[] = [];
  closed: { code: number; reason: string } | null = null;

  constructor(
    readonly ws: WebSocket,
    readonly id: string
  ) {
    ws.addEventListener("message", (event) => {
      this.msgs.push(JSON.parse(String(event.data)));
      for (const w of this.waiters.splice(0)) w();
    });
    ws.addEventListener("close", (event) => {
      this.closed = { code: event.code, reason: event.reason };
      for (const w of this.waiters.splice(0)) w();
    });
  }

  send(msg: unknown) {
    this.ws.send(typeof msg === "string" ? msg : JSON.stringify(msg));
  }

  /** Messages of a type received so far. */
  all(type: string): Msg[] {
    return this.msgs.filter((m) => m.type === type);
  }

  /** The first message of `type` (matching `pred`) not taken yet, waiting for it if needed. */
  async next(type: string, pred: (m: Msg) => boolean = () => true, timeoutMs = 5_000): Promise<Msg> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const i = this.msgs.findIndex((m, idx) => !this.taken.has(idx) && m.type === type && pred(m));
      if (i >= 0) {
        this.taken.add(i);
        return this.msgs[i]!;
      }
      const left = deadline - Date.now();
      if (left <= 0 || this.closed) {
        throw new Error(`${this.id}: pas de message ${type} (reçus : ${this.msgs.map((m) => m.type).join(", ")})`);
      }
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  /** Every message sent before this call has been answered once the pong is back. */
  async sync() {
    const before = this.all("pong").length;
    this.send({ type: "ping" });
    await this.next("pong", () => this.all("pong").length > before);
  }

  async waitClosed(timeoutMs = 5_000) {
    const deadline = Date.now() + timeoutMs;
    while (!this.closed && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
    return this.closed;
  }

  close() {
    try {
      this.ws.close(1000, "bye");
    } catch {
      // already closed
    }
  }
}

let socketSeq = 0;

export async function connect(room: string, id = `sock${++socketSeq}`): Promise<Sock> {
  const res = await SELF.fetch(`http://localhost/parties/game-room/${room}?_pk=${id}`, {
    headers: { Upgrade: "websocket" },
  });
  expect(res.status).toBe(101);
  const ws = res.webSocket!;
  ws.accept();
  return new Sock(ws, id);
}

export async function presenter(l: Launched): Promise<Sock> {
  const sock = await connect(l.room, `pres${++socketSeq}`);
  sock.send({ type: "hello", role: "presenter", token: l.token, version: PROTOCOL_VERSION });
  await sock.next("pres_newRoom_callback");
  return sock;
}

export interface Player {
  sock: Sock;
  id: string;
  token: string;
  pseudo: string;
}

export async function join(room: string, token?: string, sockId?: string): Promise<Player> {
  const sock = await connect(room, sockId);
  sock.send({ type: "hello", role: "player", version: PROTOCOL_VERSION, ...(token ? { token } : {}) });
  const cb = await sock.next("player_joinRoom_callback");
  return { sock, id: cb.playerID, token: cb.token, pseudo: cb.pseudo };
}

export const answer = (p: Player, questionIndex: number, coords: { lat: number; lng: number }) =>
  p.sock.send({ type: "player_answer", questionIndex, coords });
