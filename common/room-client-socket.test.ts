import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import WebSocket, { WebSocketServer } from "ws";
import { ABANDONED, ReconnectingLine, STABLE_LINE_MS, roomSocketUrl, type Backoff, type LineEvents, type WebSocketClass } from "./room-client-socket";

/** A socket server that records every upgrade asked of it; `refuse` answers them with an HTTP error. */
class Server {
  readonly wss: WebSocketServer;
  readonly asked: { at: number; url: string }[] = [];
  readonly sockets: WebSocket[] = [];
  /** 0: accept; an HTTP status: refuse; null: never answer (an opening that hangs). */
  refuse: number | null = 0;
  private readonly hanging: { destroy(): void }[] = [];

  constructor() {
    this.wss = new WebSocketServer({
      host: "127.0.0.1",
      port: 0,
      verifyClient: (info: { req: { url?: string; socket: { destroy(): void } } }, done: (ok: boolean, code?: number) => void) => {
        this.asked.push({ at: Date.now(), url: info.req.url ?? "" });
        if (this.refuse === null) this.hanging.push(info.req.socket);
        else if (this.refuse) done(false, this.refuse);
        else done(true);
      },
    });
    this.wss.on("connection", (ws) => this.sockets.push(ws));
  }

  get host() {
    return `127.0.0.1:${(this.wss.address() as { port: number }).port}`;
  }

  listening() {
    return new Promise<void>((resolve) => (this.wss.address() ? resolve() : this.wss.once("listening", () => resolve())));
  }

  close() {
    for (const s of this.hanging) s.destroy();
    for (const ws of this.sockets) ws.terminate();
    return new Promise((resolve) => this.wss.close(resolve));
  }
}

const until = async (cond: () => boolean, timeoutMs = 3_000) => {
  const deadline = Date.now() + timeoutMs;
  while (!cond()) {
    if (Date.now() > deadline) throw new Error("délai dépassé");
    await new Promise((r) => setTimeout(r, 5));
  }
};
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

const BACKOFF: Backoff = { minMs: 40, maxMs: 1_000, grow: 2, jitter: 0.5, connectTimeoutMs: 2_000 };

let server: Server;
const lines: ReconnectingLine[] = [];

function line(backoff: Partial<Backoff> = {}) {
  const log: string[] = [];
  const closes: { code: number; reason: string }[] = [];
  const events: LineEvents = {
    opening: () => log.push("opening"),
    open: () => log.push("open"),
    frame: (data) => log.push(`frame ${String(data)}`),
    close: (code, reason) => {
      log.push("close");
      closes.push({ code, reason });
    },
  };
  const url = roomSocketUrl({ protocol: "ws", host: server.host, room: "123456", id: "page-1" });
  const l = new ReconnectingLine(url, WebSocket as unknown as WebSocketClass, { ...BACKOFF, ...backoff }, events);
  lines.push(l);
  return { l, log, closes };
}

beforeEach(async () => {
  server = new Server();
  await server.listening();
});
afterEach(async () => {
  vi.useRealTimers();
  for (const l of lines.splice(0)) l.close();
  await server.close();
});

describe("a room's line", () => {
  it("opens /parties/game-room/{room} with the page's id, hands frames on, and sends only while open", async () => {
    const { l, log } = line();
    expect(l.send("trop tôt")).toBe(false);
    await until(() => log.includes("open"));
    expect(server.asked.map((a) => a.url)).toEqual(["/parties/game-room/123456?_pk=page-1"]);
    server.sockets[0]!.send("bonjour");
    await until(() => log.includes("frame bonjour"));
    const got = new Promise((resolve) => server.sockets[0]!.once("message", (d) => resolve(String(d))));
    expect(l.send("salut")).toBe(true);
    expect(await got).toBe("salut");
    expect(log).toEqual(["opening", "open", "frame bonjour"]);
  });

  it("waits longer after each failed opening in a row, each wait drawn within its jitter band", async () => {
    server.refuse = 503;
    const { closes } = line();
    await until(() => server.asked.length === 5);
    // Waits of 20-60, 40-120, 80-240 and 160-480 ms between the openings.
    const gaps = server.asked.slice(1).map((a, i) => a.at - server.asked[i]!.at);
    for (const [i, gap] of gaps.entries()) {
      expect(gap).toBeGreaterThanOrEqual(20 * 2 ** i - 5);
      expect(gap).toBeLessThan(60 * 2 ** i + 400);
    }
    expect(closes[0]!.code).toBe(1006);
  });

  it("abandons an opening that outlasts its timeout and opens another", async () => {
    server.refuse = null;
    const { closes, log } = line({ connectTimeoutMs: 150 });
    await until(() => server.asked.length === 1);
    await until(() => closes.length === 1);
    expect(closes[0]).toEqual({ code: ABANDONED, reason: "timeout" });
    server.refuse = 0;
    await until(() => log.includes("open"));
    expect(server.asked).toHaveLength(2);
  });

  it("counts a line's failures from one again once it has stayed open a while", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const { log } = line({ minMs: 300, maxMs: 300_000 });
    await until(() => log.includes("open"));
    // Short-lived sockets: the waits grow (300, then 600 ms, ± half).
    server.sockets.at(-1)!.close(1011);
    await until(() => log.filter((e) => e === "open").length === 2, 5_000);
    const before = server.asked.length;
    server.sockets.at(-1)!.close(1011);
    const closedAt = performance.now();
    await until(() => server.asked.length === before + 1, 5_000);
    expect(performance.now() - closedAt).toBeGreaterThanOrEqual(290);
    await until(() => log.filter((e) => e === "open").length === 3);
    // This one stays up past STABLE_LINE_MS: its close waits the first delay again (150-450 ms).
    vi.setSystemTime(Date.now() + STABLE_LINE_MS);
    server.sockets.at(-1)!.close(1011);
    const stableAt = performance.now();
    await until(() => server.asked.length === before + 2, 5_000);
    expect(performance.now() - stableAt).toBeLessThan(600);
  });

  it("reopens at once when asked, dropping the pending wait, and closes for good without a sound", async () => {
    const { l, log } = line({ minMs: 5_000, maxMs: 5_000 });
    await until(() => log.includes("open"));
    server.sockets[0]!.terminate();
    await until(() => log.includes("close"));
    await pause(50);
    expect(server.asked).toHaveLength(1);
    l.reopen();
    await until(() => log.filter((e) => e === "open").length === 2);
    const seen = log.length;
    l.close();
    await pause(100);
    expect(log).toHaveLength(seen);
    expect(l.send("plus rien")).toBe(false);
    expect(server.asked).toHaveLength(2);
  });

  it("closes an opening still in flight without an error escaping (ws in Node)", async () => {
    server.refuse = null;
    const { l } = line();
    await until(() => server.asked.length === 1);
    l.close();
    await pause(100);
    expect(server.asked).toHaveLength(1);
    expect(l.socket).toBeNull();
  });
});
