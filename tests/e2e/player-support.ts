/**
 * Shared by tests/e2e/player*.test.ts: a quiz in D1, a launched room, a presenter over a real
 * socket, and phones as separate Chromium contexts (each its own localStorage, so its own seat).
 */
import AxeBuilder from "@axe-core/playwright";
import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core";
import { expect, inject } from "vitest";
import WebSocket from "ws";
import { CHROMIUM, PHONE } from "./browser";
import { execSql, sqlValue } from "./db";

export const baseURL = inject("baseURL");
export const RUN = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

// ---------------------------------------------------------------------------------------------
// Quiz and launch

/** A 0.02° x 0.02° area near Lyon: about 2.2 km north-south, 1.6 km west-east. */
export const BOUNDS = { north: 45.77, south: 45.75, west: 4.82, east: 4.84 };

export interface Spot {
  lat: number;
  lng: number;
}

/** The point of the area at fractions (fx west->east, fy north->south), as the offline map projects. */
export function spotAt(fx: number, fy: number): Spot {
  return {
    lat: BOUNDS.north - fy * (BOUNDS.north - BOUNDS.south),
    lng: BOUNDS.west + fx * (BOUNDS.east - BOUNDS.west),
  };
}

export function haversine(a: Spot, b: Spot): number {
  const R = 6_371_008.8;
  const rad = (d: number) => (d * Math.PI) / 180;
  const dLat = rad(b.lat - a.lat);
  const dLng = rad(b.lng - a.lng);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * R * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Inserts a quiz of the admin with these spots as questions; returns its unique name. */
export function insertQuiz(name: string, spots: Spot[]): string {
  const unique = `${name}-${RUN}`.toLowerCase().replace(/[^a-z0-9-]/g, "-");
  const mapSettings = {
    center: { lat: (BOUNDS.north + BOUNDS.south) / 2, lng: (BOUNDS.west + BOUNDS.east) / 2 },
    zoom: 14,
    bounds: BOUNDS,
  };
  const rows = [
    `INSERT INTO quizzes (unique_name, owner_id, folder_id, name, description, map_settings, point_max_temps)
     SELECT ${sqlValue(unique)}, id, NULL, ${sqlValue(name)}, 'Quiz des tests du téléphone', ${sqlValue(JSON.stringify(mapSettings))}, 5
     FROM accounts WHERE role = 'admin' ORDER BY id LIMIT 1;`,
    ...spots.map(
      (s, i) =>
        `INSERT INTO questions (quiz_unique_name, position, name, kind, file_key, lat, lng)
         VALUES (${sqlValue(unique)}, ${i}, 'Photo ${i + 1}', 'photo', NULL, ${s.lat}, ${s.lng});`,
    ),
  ];
  execSql(rows.join("\n"));
  return unique;
}

let adminJwt: string | null = null;
async function admin(): Promise<string> {
  if (adminJwt) return adminJwt;
  const res = await fetch(`${baseURL}/api/auth/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: baseURL, Connection: "close" },
    body: JSON.stringify({ identifiant: inject("adminMail"), password: inject("adminPassword") }),
  });
  expect(res.status).toBe(200);
  adminJwt = ((await res.json()) as { jwt: string }).jwt;
  return adminJwt;
}

export interface LaunchOptions {
  mode?: "player" | "team";
  icon?: "random" | "defined";
  time?: number;
  help_zone?: number | "non";
  max_player?: number;
  max_team?: number;
}

export async function launch(quiz: string, options: LaunchOptions = {}): Promise<{ room: string; token: string }> {
  const res = await fetch(`${baseURL}/api/game/launch`, {
    method: "POST",
    headers: {
      "Content-Type": "application/json",
      Origin: baseURL,
      Cookie: `auth_admin=${await admin()}`,
      // wrangler dev drops idle kept-alive sockets: a reused one fails with "other side closed".
      Connection: "close",
    },
    body: JSON.stringify({ quiz, help_zone: "non", ...options }),
  });
  const body = (await res.json()) as { roomNumber: string; token: string; error?: string };
  expect(res.status, body.error).toBe(201);
  return { room: body.roomNumber, token: body.token };
}

/** 'Nouvelle partie': the room ends and phones get 'ended'. */
export async function closeRoom(room: string) {
  const res = await fetch(`${baseURL}/api/game/${room}/close`, {
    method: "POST",
    headers: { Origin: baseURL, Cookie: `auth_admin=${await admin()}`, Connection: "close" },
  });
  expect(res.status).toBe(200);
}

// ---------------------------------------------------------------------------------------------
// Presenter over a real socket

type Msg = { type: string; [key: string]: any };

export class Presenter {
  readonly messages: Msg[] = [];
  private waiters: { pred: (m: Msg) => boolean; resolve: (m: Msg) => void }[] = [];
  private constructor(private ws: WebSocket) {
    ws.on("message", (data) => {
      const msg = JSON.parse(String(data)) as Msg;
      this.messages.push(msg);
      this.waiters = this.waiters.filter((w) => (w.pred(msg) ? (w.resolve(msg), false) : true));
    });
  }

  static async connect(room: string, token: string): Promise<Presenter> {
    const url = `${baseURL.replace(/^http/, "ws")}/parties/game-room/${room}`;
    const ws = new WebSocket(url);
    await new Promise<void>((resolve, reject) => {
      ws.once("open", () => resolve());
      ws.once("error", reject);
    });
    const p = new Presenter(ws);
    const ready = p.next("pres_newRoom_callback");
    p.send({ type: "hello", role: "presenter", token, version: 1 });
    await ready;
    return p;
  }

  send(msg: Msg) {
    this.ws.send(JSON.stringify(msg));
  }

  /** The first message already received (or the next one) matching. */
  find(type: string, pred: (m: Msg) => boolean = () => true, timeoutMs = 20_000): Promise<Msg> {
    const seen = this.messages.find((m) => m.type === type && pred(m));
    return seen ? Promise.resolve(seen) : this.next(type, pred, timeoutMs);
  }

  next(type: string, pred: (m: Msg) => boolean = () => true, timeoutMs = 20_000): Promise<Msg> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`le présentateur n'a pas reçu ${type}`)), timeoutMs);
      this.waiters.push({
        pred: (m) => m.type === type && pred(m),
        resolve: (m) => {
          clearTimeout(timer);
          resolve(m);
        },
      });
    });
  }

  close() {
    this.ws.close();
  }
}

// ---------------------------------------------------------------------------------------------
// Phones

const FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking"];

export async function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, headless: true, args: FLAGS });
}

/** A phone: its own context, so its own localStorage and seat. */
export async function phone(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: PHONE, hasTouch: true, isMobile: true, locale: "fr-FR" });
  const page = await context.newPage();
  return { context, page };
}

/** React handlers are attached (not only the server's HTML). */
export async function hydrated(page: Page) {
  await page.waitForFunction(() => (window as any).__remixRouter !== undefined, null, { timeout: 20_000 });
}

export async function seriousViolations(page: Page): Promise<string[]> {
  const axe = await new AxeBuilder({ page }).analyze();
  return axe.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

/** Taps the offline map at fractions of its box (linear projection, DESIGN §7). */
export async function tapMap(page: Page, fx: number, fy: number) {
  const map = page.locator("[data-offline-map]");
  const box = (await map.boundingBox())!;
  await page.touchscreen.tap(box.x + fx * box.width, box.y + fy * box.height);
}

/** The fractions of the map box at which a spot lies (inverse of spotAt). */
export function fractionsOf(s: Spot): { fx: number; fy: number } {
  return {
    fx: (s.lng - BOUNDS.west) / (BOUNDS.east - BOUNDS.west),
    fy: (BOUNDS.north - s.lat) / (BOUNDS.north - BOUNDS.south),
  };
}

/** French number on screen ('6,37') to a number. */
export const frNumber = (text: string) => Number(text.replace(/\s|\u202f|\u00a0/g, "").replace(",", "."));

/**
 * Holds what the room says to a phone while letting the phone speak: two phones can then send
 * their choice before either hears the other's, whatever the order the test clicks in.
 */
export class Gate {
  private open = true;
  private queue: (string | Buffer)[] = [];
  private route: import("playwright-core").WebSocketRoute | null = null;
  /** Sockets that went silent both ways without closing, as a sleeping phone's do. */
  private dead = new Set<import("playwright-core").WebSocketRoute>();

  async install(page: Page) {
    await page.routeWebSocket(/\/parties\/game-room\//, (ws) => {
      const server = ws.connectToServer();
      this.route = ws;
      server.onMessage((m) => {
        if (this.dead.has(ws)) return;
        if (this.open) ws.send(m);
        else this.queue.push(m);
      });
      ws.onMessage((m) => {
        if (!this.dead.has(ws)) server.send(m);
      });
    });
  }

  hold() {
    this.open = false;
  }

  release() {
    this.open = true;
    for (const m of this.queue.splice(0)) this.route?.send(m);
  }

  /** The current socket stays open on both ends but carries nothing any more. */
  silence() {
    if (this.route) this.dead.add(this.route);
  }
}
