/**
 * Chromium for the e2e tests: Debian's own binary (never a downloaded one), the phone, tablet
 * and presenter screen sizes, the wait for React to have hydrated a page, the accessibility check
 * and screenshots.
 */
import AxeBuilder from "@axe-core/playwright";
import { mkdirSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { chromium, type Browser, type BrowserContext, type Page, type WebSocketRoute } from "playwright-core";
import { afterAll, beforeAll, onTestFailed } from "vitest";
import { tokenKey } from "~/features/player/token";

export const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const FLAGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

export const PHONE = { width: 360, height: 640 };
export const LAPTOP = { width: 1366, height: 768 };
export const PRESENTER = { width: 1920, height: 1080 };

type Viewport = { width: number; height: number };
const touch = (viewport: Viewport) => viewport.width < 800;

/**
 * One browser with one context of its own profile (cookies, storage) at that size; `args` are
 * Chromium switches added to the usual ones; `executablePath` another way to start the same
 * Chromium (the screen benchmark pins it to a core).
 */
export async function openBrowser(
  viewport: Viewport = PHONE,
  args: readonly string[] = [],
  { executablePath = CHROMIUM } = {},
): Promise<BrowserContext> {
  const profile = mkdtempSync(path.join(tmpdir(), "repere-chromium-"));
  return chromium.launchPersistentContext(profile, {
    executablePath,
    headless: true,
    args: [...FLAGS, ...args],
    viewport,
    locale: "fr-FR",
    hasTouch: touch(viewport),
  });
}

/** Browsers of these sizes, opened before the tests of the calling block and closed after them. */
export function browsersFor<K extends string>(sizes: Record<K, Viewport>): Record<K, BrowserContext> {
  const open = {} as Record<K, BrowserContext>;
  beforeAll(async () => {
    for (const name of Object.keys(sizes) as K[]) open[name] = await openBrowser(sizes[name]);
  });
  afterAll(async () => {
    for (const context of Object.values<BrowserContext | undefined>(open)) await context?.close();
  });
  return open;
}

/** A list whose members (room clients) are closed after the tests of the calling block. */
export function closedAfterAll<T extends { close(): void }>(): T[] {
  const list: T[] = [];
  afterAll(() => {
    for (const item of list.splice(0)) item.close();
  });
  return list;
}

/**
 * One browser for many contexts (phones that each need their own storage, hence seat);
 * `executablePath` another way to start the same Chromium (the phone benchmark pins it to a core).
 */
export function launchChromium({ executablePath = CHROMIUM } = {}): Promise<Browser> {
  return chromium.launch({ executablePath, headless: true, args: FLAGS });
}

/**
 * One Chromium (`launchChromium`) for the tests of the calling block: launched before them,
 * closed after them. The returned function gives it inside a test.
 */
export function chromiumForTests(): () => Browser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launchChromium();
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
  });
  return () => {
    if (!browser) throw new Error("Chromium is launched in beforeAll, before the tests");
    return browser;
  };
}

/** A phone: its own context (storage, seat), touch, 360x640. */
export async function phonePage(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: PHONE, hasTouch: true, isMobile: true, locale: "fr-FR" });
  return { context, page: await context.newPage() };
}

/**
 * React has hydrated the page: Remix made its router, and the element `selector` (the first
 * one, by default a button) carries React's handlers, not only the server's HTML.
 */
export async function hydrated(page: Page, selector = "button") {
  await page.waitForFunction(
    (sel) => {
      if ((window as { __remixRouter?: unknown }).__remixRouter === undefined) return false;
      const el = document.querySelector(sel);
      return !!el && Object.keys(el).some((k) => k.startsWith("__reactProps"));
    },
    selector,
    { timeout: 20_000 },
  );
}

/** Serious and critical accessibility violations of the page as it is now, one line each. */
export async function seriousViolations(page: Page): Promise<string[]> {
  const axe = await new AxeBuilder({ page }).analyze();
  return axe.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

/** Screenshots land in tests/.artifacts/screens so that a person can look at every screen. */
export async function screenshot(page: Page, name: string) {
  const dir = path.resolve("tests/.artifacts/screens");
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}.png`) });
}

/**
 * What reaches past the screen's right edge outside any box that scrolls or clips it: nothing,
 * when the page reflows (a phone's browser would zoom out to show it, or cut it off).
 */
export function overflowing(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const contained = (el: Element) => {
      for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) if (getComputedStyle(p).overflowX !== "visible") return true;
      return false;
    };
    const out = new Set<string>();
    for (const el of document.body.querySelectorAll("*")) {
      const box = el.getBoundingClientRect();
      if (box.width > 0 && box.right > width + 1 && !contained(el)) out.add(`${el.tagName.toLowerCase()}.${el.className} → ${Math.round(box.right)} px`);
    }
    return [...out].slice(0, 6);
  });
}

/**
 * Boxes whose own text does not fit them (cut off by an ellipsis or a clip, or spilling onto what
 * follows): a block holding text that is wider or taller than the box, or wider than its parent
 * (out of its button or card). Inline text has no box of its own to spill from, and a screen
 * reader's hidden text is clipped on purpose.
 */
export function cutText(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    for (const el of document.body.querySelectorAll<HTMLElement>("*")) {
      const style = getComputedStyle(el);
      if (style.display === "inline" || style.display === "none" || el.closest(".sr-only")) continue;
      const text = [...el.childNodes].filter((n) => n.nodeType === Node.TEXT_NODE).map((n) => n.textContent ?? "").join("").trim();
      if (!text || el.clientWidth === 0) continue;
      const name = `${el.tagName.toLowerCase()}.${el.className} « ${text.slice(0, 40)} »`;
      // Down, a glyph taller than a tight line height (a countdown's digit) is no cut, unless clipped.
      const down = style.overflowY === "visible" ? parseFloat(style.fontSize) / 4 : 1;
      if (el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + down)
        out.push(`${name} ${el.scrollWidth}x${el.scrollHeight} in ${el.clientWidth}x${el.clientHeight}`);
      // Wider than its parent: it spills out of its button, card or cell.
      const box = el.getBoundingClientRect();
      const parent = el.parentElement?.getBoundingClientRect();
      if (parent && (box.left < parent.left - 1 || box.right > parent.right + 1))
        out.push(`${name} ${Math.round(box.left)}..${Math.round(box.right)} out of ${Math.round(parent.left)}..${Math.round(parent.right)}`);
    }
    return out.slice(0, 6);
  });
}

/**
 * The room number of a presenter's screen, once its launch has sent it to the room's address
 * (/pres/salle/{room}, /mj/salle/{room}).
 */
export async function roomOfScreen(page: Page, timeout = 30_000): Promise<string> {
  await page.waitForURL(/\/salle\/\d{6}(\?|$)/, { timeout });
  return roomInAddress(page.url());
}

/** The room number a presenter's address names. */
export const roomInAddress = (url: string) => new URL(url).pathname.match(/\/salle\/(\d{6})$/)![1]!;

/**
 * The share (0..1) of a screenshot's pixels within `tolerance` of a colour. Chromium decodes the
 * PNG itself, in a blank page of the same browser: the tests need no image library.
 */
export async function colourShare(
  context: BrowserContext,
  png: Buffer,
  rgb: readonly [number, number, number],
  tolerance = 6,
): Promise<number> {
  const page = await context.newPage();
  try {
    return await page.evaluate(
      async ({ base64, rgb, tolerance }) => {
        const blob = await (await fetch(`data:image/png;base64,${base64}`)).blob();
        const bitmap = await createImageBitmap(blob);
        const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
        const ctx = canvas.getContext("2d")!;
        ctx.drawImage(bitmap, 0, 0);
        const { data } = ctx.getImageData(0, 0, bitmap.width, bitmap.height);
        let near = 0;
        for (let i = 0; i < data.length; i += 4) {
          if (Math.abs(data[i]! - rgb[0]) <= tolerance && Math.abs(data[i + 1]! - rgb[1]) <= tolerance && Math.abs(data[i + 2]! - rgb[2]) <= tolerance)
            near++;
        }
        return near / (bitmap.width * bitmap.height);
      },
      { base64: png.toString("base64"), rgb, tolerance },
    );
  } finally {
    await page.close();
  }
}

/** The resume token a phone page keeps for `room`. */
export const storedToken = (page: Page, room: string) => page.evaluate((key) => localStorage.getItem(key), tokenKey(room));

// ---------------------------------------------------------------------------------------------
// The page's socket to its room, passed through the test

/**
 * Every socket a page opens to its room goes through the test, which can hold what the room
 * says (two phones send their choice before either hears the other's), make the line go silent
 * both ways while it looks open (a sleeping phone), cut it and refuse new ones (no network), or
 * speak to the page as the room would.
 */
export class RoomLine {
  private held = false;
  private queue: (string | Buffer)[] = [];
  private down = false;
  private current: { page: WebSocketRoute; server: WebSocketRoute } | null = null;
  /** Sockets that went silent both ways without closing. */
  private readonly dead = new Set<WebSocketRoute>();
  /** When each socket the page opened got through to the room (Date.now()). */
  readonly connectedAt: number[] = [];

  async install(page: Page) {
    await page.routeWebSocket(/\/parties\/game-room\//, (ws) => {
      if (this.down) return void ws.close({ code: 1011, reason: "coupé" });
      const server = ws.connectToServer();
      this.current = { page: ws, server };
      this.connectedAt.push(Date.now());
      server.onMessage((m) => {
        if (this.dead.has(ws)) return;
        if (this.held) this.queue.push(m);
        else ws.send(m);
      });
      ws.onMessage((m) => {
        if (!this.dead.has(ws)) server.send(m);
      });
    });
    return this;
  }

  /** What the room says waits until release(). */
  hold() {
    this.held = true;
  }

  release() {
    this.held = false;
    for (const m of this.queue.splice(0)) this.current?.page.send(m);
  }

  /** The current socket stays open on both ends but carries nothing any more. */
  silence() {
    if (this.current) this.dead.add(this.current.page);
  }

  /** Closes the current socket on both sides and refuses new ones until restore(). */
  async cut() {
    this.down = true;
    const c = this.current;
    this.current = null;
    await c?.server.close();
    await c?.page.close({ code: 1011, reason: "coupé" });
  }

  restore() {
    this.down = false;
  }

  /** A message to the page as if the room had sent it. */
  inject(msg: unknown) {
    if (!this.current) throw new Error("aucune socket à la salle");
    this.current.page.send(JSON.stringify(msg));
  }
}

/**
 * Keeps what the page's sockets to its room carried, each frame with its time, and prints it if
 * the test fails: a failure on a loaded machine then says whether the room answered, refused or
 * closed, and when, which a locator's timeout cannot.
 */
export function traceRoomFrames(page: Page) {
  const start = Date.now();
  const lines: string[] = [];
  const at = (what: string) => lines.push(`+${Date.now() - start} ms ${what}`);
  page.on("websocket", (ws) => {
    if (!/\/parties\/game-room\//.test(ws.url())) return;
    at(`ouverte ${ws.url()}`);
    ws.on("framesent", (f) => at(`> ${String(f.payload).slice(0, 200)}`));
    ws.on("framereceived", (f) => at(`< ${String(f.payload).slice(0, 200)}`));
    ws.on("close", () => at("fermée"));
  });
  onTestFailed(() => console.warn(`\nSockets de la page à sa salle (${lines.length} lignes) :\n${lines.join("\n")}`));
}

// ---------------------------------------------------------------------------------------------
// The offline map (no Maps key in tests): a linear projection of its bounds onto its box

export interface Area {
  north: number;
  south: number;
  west: number;
  east: number;
}

/** The point of `area` at fractions (fx west->east, fy north->south) of the map's box. */
export const spotAt = (area: Area, fx: number, fy: number) => ({
  lat: area.north - fy * (area.north - area.south),
  lng: area.west + fx * (area.east - area.west),
});

/** The fractions of the map's box at which a point lies (inverse of spotAt). */
export const fractionsOf = (area: Area, s: { lat: number; lng: number }) => ({
  fx: (s.lng - area.west) / (area.east - area.west),
  fy: (area.north - s.lat) / (area.north - area.south),
});

/** Taps the offline map at fractions of its box. */
export async function tapMap(page: Page, fx: number, fy: number) {
  const box = (await page.locator("[data-offline-map]").boundingBox())!;
  await page.touchscreen.tap(box.x + fx * box.width, box.y + fy * box.height);
}

/** A French number as shown ('6,37', '1 234,5') back to a number. */
export const frNumber = (text: string) => Number(text.replace(/\s|\u202f|\u00a0/g, "").replace(",", "."));

/** A French distance as shown ('412 m', '1,2 km') back to metres, and how precise it is. */
export function frDistance(text: string): { metres: number; within: number } {
  const km = /^(.*\d)\s*km$/.exec(text.trim());
  if (km) return { metres: frNumber(km[1]!) * 1000, within: 50 };
  return { metres: frNumber(text.trim().replace(/\s*m$/, "")), within: 1 };
}

/** Puts a session cookie (`name=value`, as AppTarget.cookieFor gives it) into a browser context. */
export async function signIn(context: BrowserContext, cookie: string, url: string) {
  const at = cookie.indexOf("=");
  await context.addCookies([{ name: cookie.slice(0, at), value: cookie.slice(at + 1), url }]);
}
