/**
 * Socket clients for end-to-end tests and the benchmark: a phone and a presenter speaking the
 * room protocol over partysocket (the same client the pages use) with Node's `ws`.
 * A Phone says hello with its resume token on every (re)opened socket, as the real phone does.
 */
import PartySocket from "partysocket";
import WebSocket from "ws";
import { CLOSE_CODES, PROTOCOL_VERSION, type ClientMessage, type LatLng } from "@common/protocol";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Msg = { type: string; [key: string]: any };

export interface ClientOptions {
  /** http://127.0.0.1:PORT of the served Worker. */
  baseURL: string;
  room: string;
  /** partysocket id (`_pk`): kept across reconnections of one client, like a page's socket. */
  id?: string;
}

abstract class RoomClient {
  readonly socket: PartySocket;
  readonly msgs: Msg[] = [];
  /** Index of the first message not consumed by next(). */
  private taken = new Set<number>();
  private waiters = new Set<() => void>();
  opens = 0;
  closes: { code: number; reason: string }[] = [];

  constructor(opts: ClientOptions) {
    this.socket = new PartySocket({
      host: new URL(opts.baseURL).host,
      party: "game-room",
      room: opts.room,
      ...(opts.id ? { id: opts.id } : {}),
      WebSocket: WebSocket as unknown as typeof globalThis.WebSocket,
      // Like the pages: nothing stale is replayed before hello, quick retries.
      maxEnqueuedMessages: 0,
      minReconnectionDelay: 200,
      maxReconnectionDelay: 2_000,
      connectionTimeout: 4_000,
      // The room closed, or a newer socket of the same page took over: stay down.
      shouldReconnectOnClose: (e: { code: number }) => e.code !== CLOSE_CODES.roomClosed && e.code !== CLOSE_CODES.replaced,
    } as ConstructorParameters<typeof PartySocket>[0]);
    this.socket.addEventListener("open", () => {
      this.opens++;
      this.onOpen();
    });
    this.socket.addEventListener("close", (e) => this.closes.push({ code: e.code, reason: e.reason }));
    this.socket.addEventListener("message", (e) => {
      const msg = JSON.parse(String(e.data)) as Msg;
      this.msgs.push(msg);
      this.onMessage(msg);
      for (const w of [...this.waiters]) w();
    });
  }

  protected abstract onOpen(): void;
  protected onMessage(_msg: Msg): void {}

  send(msg: ClientMessage | string) {
    this.socket.send(typeof msg === "string" ? msg : JSON.stringify(msg));
  }

  all(type: string): Msg[] {
    return this.msgs.filter((m) => m.type === type);
  }
  last(type: string): Msg | undefined {
    return this.all(type).at(-1);
  }

  /** The first message of `type` matching `pred` not yet consumed, waiting up to `timeoutMs`. */
  next(type: string, pred: (m: Msg) => boolean = () => true, timeoutMs = 20_000): Promise<Msg> {
    return new Promise((resolve, reject) => {
      const check = () => {
        for (let i = 0; i < this.msgs.length; i++) {
          const m = this.msgs[i]!;
          if (!this.taken.has(i) && m.type === type && pred(m)) {
            this.taken.add(i);
            this.waiters.delete(check);
            clearTimeout(timer);
            resolve(m);
            return;
          }
        }
      };
      const timer = setTimeout(() => {
        this.waiters.delete(check);
        reject(new Error(`${this.label()}: pas de ${type} en ${timeoutMs} ms (reçus : ${this.msgs.slice(-12).map((m) => m.type).join(", ")})`));
      }, timeoutMs);
      this.waiters.add(check);
      check();
    });
  }

  /** Resolves when the socket is open (partysocket reconnects on its own). */
  async open(timeoutMs = 20_000) {
    const deadline = Date.now() + timeoutMs;
    while (this.socket.readyState !== WebSocket.OPEN) {
      if (Date.now() > deadline) throw new Error(`${this.label()}: socket jamais ouverte`);
      await new Promise((r) => setTimeout(r, 25));
    }
  }

  /** Cuts the line without a close frame, as a lost network does; partysocket comes back. */
  drop() {
    const ws = (this.socket as unknown as { _ws?: WebSocket })._ws;
    ws?.terminate();
  }

  close() {
    this.socket.close();
  }

  protected abstract label(): string;
}

export class Phone extends RoomClient {
  token: string | undefined;
  playerID: string | undefined;
  pseudo: string | undefined;
  /** Sends hello on open; false for a pseudo-screen test that drives hello itself. */
  autoHello = true;

  constructor(opts: ClientOptions & { token?: string }) {
    super(opts);
    this.token = opts.token;
  }

  protected onOpen() {
    if (this.autoHello) this.hello();
  }

  hello() {
    this.send({ type: "hello", role: "player", version: PROTOCOL_VERSION, ...(this.token ? { token: this.token } : {}) });
  }

  protected onMessage(msg: Msg) {
    if (msg.type === "player_joinRoom_callback") {
      this.token = msg.token;
      this.playerID = msg.playerID;
      this.pseudo = msg.pseudo;
    } else if (msg.type === "fruit_selected_callback" && msg.status) {
      this.token = msg.token;
      this.playerID = msg.playerID;
      this.pseudo = msg.pseudo;
    }
  }

  /** Waits for the seat (random icons: right after hello). */
  async seated(timeoutMs = 20_000) {
    await this.next("player_joinRoom_callback", () => true, timeoutMs);
    return this;
  }

  answer(questionIndex: number, coords: LatLng) {
    this.send({ type: "player_answer", questionIndex, coords });
  }

  protected label() {
    return `téléphone ${this.pseudo ?? "?"}`;
  }
}

export class Presenter extends RoomClient {
  private readonly token: string;
  constructor(opts: ClientOptions & { token: string }) {
    super(opts);
    this.token = opts.token;
  }
  protected onOpen() {
    this.send({ type: "hello", role: "presenter", token: this.token, version: PROTOCOL_VERSION });
  }
  start() {
    this.send({ type: "pres_startGame" });
  }
  nextQuestion() {
    this.send({ type: "pres_nextQuestion" });
  }
  kick(playerID: string) {
    this.send({ type: "pres_kickPlayer", playerID });
  }
  protected label() {
    return "présentateur";
  }
}

/** Opens `n` random-icon phones and waits until each has its seat. */
export async function seatPhones(opts: ClientOptions, n: number): Promise<Phone[]> {
  const phones: Phone[] = [];
  for (let i = 0; i < n; i++) phones.push(new Phone(opts));
  await Promise.all(phones.map((p) => p.seated()));
  return phones;
}

export function closeAll(clients: { close(): void }[]) {
  for (const c of clients) c.close();
}
