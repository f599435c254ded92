import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import WebSocket, { WebSocketServer } from "ws";
import { CLOSE_CODES, PROTOCOL_VERSION } from "../wire/protocol";
import { RoomClient, backoffDelay, stopReasonOf, type RoomClientEvent, type RoomClientOptions } from "./room-client";
import { ABANDONED, ReconnectingLine, STABLE_LINE_MS, roomSocketUrl, type Backoff, type LineEvents, type WebSocketClass } from "./room-client-socket";

/**
 * A stand-in room on a real socket server: records every upgrade asked of it and what clients
 * send, answers as told.
 */
class FakeRoom {
  readonly wss: WebSocketServer;
  readonly sockets: WebSocket[] = [];
  readonly asked: { at: number; url: string }[] = [];
  readonly received: { socket: number; data: Record<string, unknown>; url: string }[] = [];
  /** How the room answers a frame; silent by default. */
  answer: (data: Record<string, unknown>, ws: WebSocket) => void = () => {};
  /** 0: accept upgrades; an HTTP status: refuse them; null: never answer (an opening that hangs). */
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
    this.wss.on("connection", (ws, req) => {
      const index = this.sockets.push(ws) - 1;
      ws.on("message", (raw) => {
        let data: Record<string, unknown>;
        try {
          data = JSON.parse(String(raw)) as Record<string, unknown>;
        } catch {
          data = { raw: String(raw) };
        }
        this.received.push({ socket: index, data, url: req.url ?? "" });
        this.answer(data, ws);
      });
    });
  }

  get host() {
    return `127.0.0.1:${(this.wss.address() as { port: number }).port}`;
  }

  listening() {
    return new Promise<void>((resolve) => (this.wss.address() ? resolve() : this.wss.once("listening", () => resolve())));
  }

  hellos() {
    return this.received.filter((r) => r.data.type === "hello");
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

let room: FakeRoom;
const clients: RoomClient[] = [];
const lines: ReconnectingLine[] = [];

function client(options: Partial<RoomClientOptions> = {}) {
  const c = new RoomClient({
    host: room.host,
    protocol: "ws",
    room: "123456",
    role: "player",
    WebSocket,
    backoff: { minMs: 20, maxMs: 50 },
    liveness: false,
    ...options,
  });
  clients.push(c);
  const events: RoomClientEvent[] = [];
  c.subscribe((e) => events.push(e));
  return { c, events };
}

beforeEach(async () => {
  room = new FakeRoom();
  await room.listening();
});
afterEach(async () => {
  vi.useRealTimers();
  for (const c of clients.splice(0)) c.close();
  for (const l of lines.splice(0)) l.close();
  await room.close();
});

describe("the room client", () => {
  it("says hello on every socket it opens, with the token as it is at that moment, under one id", async () => {
    let token: string | undefined;
    const { c } = client({ token: () => token });
    await until(() => room.hellos().length === 1);
    expect(room.hellos()[0]!.data).toEqual({ type: "hello", role: "player", version: PROTOCOL_VERSION });
    token = "p1_resume";
    room.sockets[0]!.terminate();
    await until(() => room.hellos().length === 2);
    expect(room.hellos()[1]!.data).toEqual({ type: "hello", role: "player", version: PROTOCOL_VERSION, token: "p1_resume" });
    const ids = room.received.map((r) => new URL(r.url, "http://x").searchParams.get("_pk"));
    expect(new Set(ids).size).toBe(1);
    expect(ids[0]).toBe(c.id);
    expect(c.opens).toBe(2);
  });

  it("sends nothing while the socket is down, and says so", async () => {
    const { c } = client({ role: "presenter", token: "t".repeat(43) });
    expect(c.send({ type: "pres_startGame" })).toBe(false);
    await until(() => c.status === "open");
    expect(c.send({ type: "pres_startGame" })).toBe(true);
    await until(() => room.received.length === 2);
    expect(room.received.map((r) => r.data.type)).toEqual(["hello", "pres_startGame"]);
  });

  it("passes on only the messages the protocol knows, decoded", async () => {
    room.answer = (data, ws) => {
      if (data.type !== "hello") return;
      ws.send("pas du JSON");
      ws.send(JSON.stringify({ type: "player_kicked" }));
      ws.send(JSON.stringify({ type: "constructor" }));
      ws.send(JSON.stringify({ type: "player_kicked", reason: "kick" }));
    };
    const { events } = client();
    await until(() => events.some((e) => e.kind === "message"));
    await new Promise((r) => setTimeout(r, 30));
    expect(events.filter((e) => e.kind === "message")).toEqual([{ kind: "message", msg: { type: "player_kicked", reason: "kick" } }]);
    expect(events.filter((e) => e.kind === "invalid")).toHaveLength(3);
  });

  it("stops for good when the room closes the game or another socket of the page takes over", async () => {
    for (const [code, reason] of [
      [CLOSE_CODES.roomClosed, "roomClosed"],
      [CLOSE_CODES.replaced, "replaced"],
      [CLOSE_CODES.flood, "flood"],
      [4999, "unknownCode"],
    ] as const) {
      const before = room.sockets.length;
      const { c, events } = client();
      await until(() => room.sockets.length === before + 1 && c.status === "open");
      room.sockets.at(-1)!.close(code, "fin");
      await until(() => c.stopped !== null);
      expect(c.stopped).toBe(reason);
      expect(events.at(-1)).toEqual({ kind: "stopped", reason, code });
      await new Promise((r) => setTimeout(r, 120));
      expect(room.sockets.length).toBe(before + 1);
      c.wake();
      await new Promise((r) => setTimeout(r, 60));
      expect(room.sockets.length).toBe(before + 1);
    }
  });

  it("comes back after any other close, and counts the failures in between", async () => {
    const { c, events } = client();
    await until(() => c.status === "open");
    room.sockets[0]!.close(1011, "redémarrage");
    await until(() => c.opens === 2);
    expect(events.find((e) => e.kind === "close")).toMatchObject({ code: 1011, failures: 1 });
    expect(c.failures).toBe(0);
    expect(stopReasonOf(1006)).toBeNull();
    // Closed for staying silent to make room for others: the page says hello on a new socket.
    expect(stopReasonOf(CLOSE_CODES.silent)).toBeNull();
    // The room runs a newer version than the one that accepted the socket: a new one meets it.
    expect(stopReasonOf(CLOSE_CODES.restart)).toBeNull();
    expect(stopReasonOf(1000)).toBeNull();
  });

  it("does not reconnect when told not to", async () => {
    const { c } = client({ reconnect: false });
    await until(() => c.status === "open");
    room.sockets[0]!.close(1011);
    await until(() => c.stopped !== null);
    expect(c.stopped).toBe("lost");
    await new Promise((r) => setTimeout(r, 100));
    expect(room.sockets).toHaveLength(1);
  });

  it("replaces a socket that does not answer its hello", async () => {
    let answered = false;
    room.answer = (data, ws) => {
      if (data.type !== "hello") return;
      // The first socket is a dead line: it takes the hello and never says a word.
      if (room.sockets.indexOf(ws) === 0) return;
      answered = true;
      ws.send(JSON.stringify({ type: "pong" }));
    };
    const { c } = client({ token: "p1_x", liveness: { answerMs: 80, openHelloMs: 80, firstHelloMs: 1_000, heartbeatMs: 0 } });
    await until(() => answered);
    expect(room.sockets).toHaveLength(2);
    await new Promise((r) => setTimeout(r, 150));
    expect(room.sockets).toHaveLength(2);
    expect(c.status).toBe("open");
  });

  it("gives the hello of a socket that has just opened longer than a later one (the room is busy, not gone)", async () => {
    let helloes = 0;
    room.answer = (data, ws) => {
      // The room takes 150 ms to answer the opening hello (a backlog), then goes silent.
      if (data.type === "hello" && ++helloes === 1) setTimeout(() => ws.send(JSON.stringify({ type: "pong" })), 150);
    };
    const { c } = client({ token: "p1_x", liveness: { answerMs: 40, openHelloMs: 400, firstHelloMs: 400, heartbeatMs: 0 } });
    await until(() => helloes === 1);
    await new Promise((r) => setTimeout(r, 300));
    expect(room.sockets).toHaveLength(1);
    // A hello on a socket open for a while (the page shown again) is judged on answerMs.
    c.wake();
    await until(() => room.sockets.length === 2, 1_000);
  });

  it("backs off, jittered and growing, before each socket that replaces a silent one", async () => {
    const opened: number[] = [];
    room.wss.on("connection", () => opened.push(Date.now()));
    client({ token: "p1_x", backoff: { minMs: 100, maxMs: 1_000, grow: 2 }, liveness: { answerMs: 20, openHelloMs: 20, firstHelloMs: 20, heartbeatMs: 0 } });
    await until(() => opened.length === 4, 3_000);
    // Silence 20 ms, then waits of 50-150, 100-300 and 200-600 ms (and the opening itself).
    const gaps = opened.slice(1).map((t, i) => t - opened[i]! - 20);
    expect(gaps[0]).toBeGreaterThanOrEqual(45);
    expect(gaps[0]).toBeLessThan(200);
    expect(gaps[1]).toBeGreaterThanOrEqual(95);
    expect(gaps[2]).toBeGreaterThanOrEqual(195);
  });

  it("draws each retry's delay within its jitter band, growing up to the cap", () => {
    const b = { minMs: 500, maxMs: 10_000, grow: 2, jitter: 0.5, connectTimeoutMs: 1 };
    expect(backoffDelay(b, 0, () => 0.9)).toBe(0);
    expect(backoffDelay(b, 1, () => 0)).toBe(250);
    expect(backoffDelay(b, 1, () => 0.999999)).toBe(750);
    expect(backoffDelay(b, 3, () => 0.5)).toBe(2_000);
    expect(backoffDelay(b, 30, () => 0.5)).toBe(10_000);
    const draws = new Set(Array.from({ length: 50 }, () => backoffDelay(b, 1)));
    expect(draws.size).toBeGreaterThan(10);
  });

  it("gives a hello without a token longer before judging the line (a seat may be on its way)", async () => {
    const { c } = client({ liveness: { answerMs: 40, firstHelloMs: 300, heartbeatMs: 0 } });
    await until(() => c.status === "open");
    await new Promise((r) => setTimeout(r, 150));
    expect(room.sockets).toHaveLength(1);
    await until(() => room.sockets.length === 2, 1_000);
  });

  it("pings on its heartbeat and replaces a line that no longer answers", async () => {
    let alive = true;
    room.answer = (data, ws) => {
      if (alive) ws.send(JSON.stringify(data.type === "ping" ? { type: "pong" } : { type: "player_kicked", reason: "kick" }));
    };
    const { c } = client({ token: "p1_x", liveness: { answerMs: 60, firstHelloMs: 60, heartbeatMs: 50 } });
    await until(() => room.received.filter((r) => r.data.type === "ping").length >= 2);
    expect(room.sockets).toHaveLength(1);
    alive = false;
    await until(() => room.sockets.length === 2, 1_000);
    expect(c.stopped).toBeNull();
  });

  it("reconnects at once when woken, whatever backoff was pending", async () => {
    const { c } = client({ backoff: { minMs: 5_000, maxMs: 5_000 } });
    await until(() => c.status === "open");
    room.sockets[0]!.terminate();
    await until(() => c.status === "closed");
    await new Promise((r) => setTimeout(r, 100));
    expect(room.sockets).toHaveLength(1);
    const woken = Date.now();
    c.wake();
    await until(() => c.status === "open");
    expect(Date.now() - woken).toBeLessThan(500);
    expect(room.sockets).toHaveLength(2);
    // The abandoned backoff does not open a third socket later.
    await new Promise((r) => setTimeout(r, 200));
    expect(room.sockets).toHaveLength(2);
  });

  it("starts again at once when the network comes back, even with an opening still hanging", async () => {
    // The room takes the first upgrade and never finishes it: an opening made on a dead network.
    let hanging: { destroy(): void } | null = null;
    room.wss.options.verifyClient = (info: { req: { socket: { destroy(): void } } }, done: (ok: boolean) => void) => {
      if (hanging) done(true);
      else hanging = info.req.socket;
    };
    const { c } = client({ backoff: { minMs: 5_000, maxMs: 5_000, connectTimeoutMs: 10_000 } });
    await new Promise((r) => setTimeout(r, 100));
    expect(c.status).toBe("connecting");
    const back = Date.now();
    c.networkBack();
    await until(() => c.status === "open");
    expect(Date.now() - back).toBeLessThan(500);
    expect(room.sockets).toHaveLength(1);
    // On an open line it only checks it (nothing replaced when the room answers).
    room.answer = (data, ws) => ws.send(JSON.stringify({ type: "pong" }));
    c.networkBack();
    await until(() => room.received.some((r) => r.data.type === "ping"));
    await new Promise((r) => setTimeout(r, 100));
    expect(room.sockets).toHaveLength(1);
    hanging!.destroy();
  });

  it("checks an open line when woken: hello with a token, a ping without", async () => {
    let token: string | undefined;
    const { c } = client({ token: () => token });
    await until(() => c.status === "open");
    c.wake();
    token = "p2_y";
    c.wake();
    await until(() => room.received.length === 3);
    expect(room.received.map((r) => r.data)).toEqual([
      { type: "hello", role: "player", version: PROTOCOL_VERSION },
      { type: "ping" },
      { type: "hello", role: "player", version: PROTOCOL_VERSION, token: "p2_y" },
    ]);
  });

  it("stops on a reload and keeps it to report; a client told otherwise keeps talking", async () => {
    room.answer = (data, ws) =>
      ws.send(JSON.stringify({ type: "reload", version: PROTOCOL_VERSION + 1, message: "Nouvelle version" }));
    const { c, events } = client();
    await until(() => c.stopped !== null);
    expect(c.stopped).toBe("reload");
    expect(c.reload).toMatchObject({ version: PROTOCOL_VERSION + 1 });
    expect(events.some((e) => e.kind === "message" && e.msg.type === "reload")).toBe(true);

    const scripted = client({ autoHello: false, stopOnReload: false });
    await until(() => scripted.c.status === "open");
    expect(room.received.filter((r) => r.socket === room.sockets.length - 1)).toEqual([]);
    scripted.c.sendRaw(JSON.stringify({ type: "hello", role: "player", version: 0 }));
    await until(() => scripted.events.some((e) => e.kind === "message"));
    expect(scripted.c.stopped).toBeNull();
    expect(scripted.c.status).toBe("open");
  });

  it("closes silently when the page leaves", async () => {
    const { c, events } = client();
    await until(() => c.status === "open");
    const seen = events.length;
    c.close();
    await new Promise((r) => setTimeout(r, 100));
    expect(events.length).toBe(seen);
    expect(c.send({ type: "ping" })).toBe(false);
    expect(room.sockets).toHaveLength(1);
  });
});

const BACKOFF: Backoff = { minMs: 40, maxMs: 1_000, grow: 2, jitter: 0.5, connectTimeoutMs: 2_000 };

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
  const url = roomSocketUrl({ protocol: "ws", host: room.host, room: "123456", id: "page-1" });
  const l = new ReconnectingLine(url, WebSocket as unknown as WebSocketClass, { ...BACKOFF, ...backoff }, events);
  lines.push(l);
  return { l, log, closes };
}

describe("the line under the client", () => {
  it("opens /parties/game-room/{room} with the page's id, hands frames on, and sends only while open", async () => {
    const { l, log } = line();
    expect(l.send("trop tôt")).toBe(false);
    await until(() => log.includes("open"));
    expect(room.asked.map((a) => a.url)).toEqual(["/parties/game-room/123456?_pk=page-1"]);
    room.sockets[0]!.send("bonjour");
    await until(() => log.includes("frame bonjour"));
    const got = new Promise((resolve) => room.sockets[0]!.once("message", (d) => resolve(String(d))));
    expect(l.send("salut")).toBe(true);
    expect(await got).toBe("salut");
    expect(log).toEqual(["opening", "open", "frame bonjour"]);
  });

  it("waits longer after each failed opening in a row, each wait drawn within its jitter band", async () => {
    room.refuse = 503;
    const { closes } = line();
    await until(() => room.asked.length === 5);
    // Waits of 20-60, 40-120, 80-240 and 160-480 ms between the openings.
    const gaps = room.asked.slice(1).map((a, i) => a.at - room.asked[i]!.at);
    for (const [i, gap] of gaps.entries()) {
      expect(gap).toBeGreaterThanOrEqual(20 * 2 ** i - 5);
      expect(gap).toBeLessThan(60 * 2 ** i + 400);
    }
    expect(closes[0]!.code).toBe(1006);
  });

  it("abandons an opening that outlasts its timeout and opens another", async () => {
    room.refuse = null;
    const { closes, log } = line({ connectTimeoutMs: 150 });
    await until(() => room.asked.length === 1);
    await until(() => closes.length === 1);
    expect(closes[0]).toEqual({ code: ABANDONED, reason: "timeout" });
    room.refuse = 0;
    await until(() => log.includes("open"));
    expect(room.asked).toHaveLength(2);
  });

  it("counts a line's failures from one again once it has stayed open a while", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const { log } = line({ minMs: 300, maxMs: 300_000 });
    await until(() => log.includes("open"));
    // Short-lived sockets: the waits grow (300, then 600 ms, ± half).
    room.sockets.at(-1)!.close(1011);
    await until(() => log.filter((e) => e === "open").length === 2, 5_000);
    const before = room.asked.length;
    room.sockets.at(-1)!.close(1011);
    const closedAt = performance.now();
    await until(() => room.asked.length === before + 1, 5_000);
    expect(performance.now() - closedAt).toBeGreaterThanOrEqual(290);
    await until(() => log.filter((e) => e === "open").length === 3);
    // This one stays up past STABLE_LINE_MS: its close waits the first delay again (150-450 ms).
    vi.setSystemTime(Date.now() + STABLE_LINE_MS);
    room.sockets.at(-1)!.close(1011);
    const stableAt = performance.now();
    await until(() => room.asked.length === before + 2, 5_000);
    expect(performance.now() - stableAt).toBeLessThan(600);
  });

  it("reopens at once when asked, dropping the pending wait, and closes for good without a sound", async () => {
    const { l, log } = line({ minMs: 5_000, maxMs: 5_000 });
    await until(() => log.includes("open"));
    room.sockets[0]!.terminate();
    await until(() => log.includes("close"));
    await pause(50);
    expect(room.asked).toHaveLength(1);
    l.reopen();
    await until(() => log.filter((e) => e === "open").length === 2);
    const seen = log.length;
    l.close();
    await pause(100);
    expect(log).toHaveLength(seen);
    expect(l.send("plus rien")).toBe(false);
    expect(room.asked).toHaveLength(2);
  });

  it("closes an opening still in flight without an error escaping (ws in Node)", async () => {
    room.refuse = null;
    const { l } = line();
    await until(() => room.asked.length === 1);
    l.close();
    await pause(100);
    expect(room.asked).toHaveLength(1);
    expect(l.socket).toBeNull();
  });
});
