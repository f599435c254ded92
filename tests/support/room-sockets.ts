/**
 * Phones and presenters at the socket level, on the app's own room client (common/client/room-client),
 * with what tests need on top: every message kept, waiting for one (`next`, `find`), the close
 * codes seen, and ways to misbehave (raw frames, a hello on demand, a cut line).
 */
import type { ClientMessage, ColorKey, FruitKey, LatLng, ServerMessage, ServerMessageType } from "@common/wire/protocol";
import { RoomClient, type Backoff, type Liveness, type RoomClientOptions } from "@common/client/room-client";

export type MsgOf<T extends ServerMessageType> = Extract<ServerMessage, { type: T }>;

/** Where room sockets connect, and each environment's defaults for its clients. */
export interface SocketTarget {
  host: string;
  protocol?: "ws" | "wss";
  WebSocket?: unknown;
  defaults: Pick<RoomClientOptions, "reconnect" | "backoff" | "liveness">;
}

export interface ClientOptions {
  /** The page's line id (`_pk`): a second client with the same id is the same page. */
  id?: string;
  /** Phone: a resume token; presenter: its token. */
  token?: string;
  /** Say hello on every opened socket (default); false: the test speaks first. */
  hello?: boolean;
  reconnect?: boolean;
  backoff?: Partial<Backoff>;
  liveness?: Partial<Liveness> | false;
  /** Shown in failure messages. */
  label?: string;
}

const DEFAULT_WAIT_MS = 20_000;

export class TestClient {
  readonly client: RoomClient;
  readonly msgs: ServerMessage[] = [];
  readonly closes: { code: number; reason: string }[] = [];
  /** Frames the protocol does not know (the room should never send one). */
  readonly invalid: unknown[] = [];
  token: string | undefined;
  protected label: string;
  private readonly taken = new Set<number>();
  private readonly waiters = new Set<() => void>();

  constructor(target: SocketTarget, room: string, role: "player" | "presenter", options: ClientOptions = {}) {
    this.token = options.token;
    this.label = options.label ?? role;
    this.client = new RoomClient({
      host: target.host,
      protocol: target.protocol,
      WebSocket: target.WebSocket,
      room,
      role,
      token: () => this.token,
      id: options.id,
      autoHello: options.hello ?? true,
      reconnect: options.reconnect ?? target.defaults.reconnect,
      backoff: options.backoff ?? target.defaults.backoff,
      liveness: options.liveness ?? target.defaults.liveness,
      // A test provokes reloads on purpose (stale versions) and reads them in msgs.
      stopOnReload: false,
    });
    this.client.subscribe((event) => {
      if (event.kind === "message") {
        this.msgs.push(event.msg);
        this.onMessage(event.msg);
      } else if (event.kind === "close") this.closes.push({ code: event.code, reason: event.reason });
      else if (event.kind === "invalid") this.invalid.push(event.data);
      for (const wake of [...this.waiters]) wake();
    });
  }

  protected onMessage(_msg: ServerMessage): void {}

  get id() {
    return this.client.id;
  }
  get opens() {
    return this.client.opens;
  }
  get status() {
    return this.client.status;
  }

  send(msg: ClientMessage): boolean {
    return this.client.send(msg);
  }

  /** Any frame as is: junk, binary, oversized, forged. */
  sendRaw(data: string | ArrayBuffer | ArrayBufferView): boolean {
    return this.client.sendRaw(data);
  }

  /** The hello this client would send (role, version, its token), now. */
  hello(): boolean {
    return this.client.hello();
  }

  all<T extends ServerMessageType>(type: T): MsgOf<T>[] {
    return this.msgs.filter((m): m is MsgOf<T> => m.type === type);
  }

  last<T extends ServerMessageType>(type: T): MsgOf<T> | undefined {
    return this.all(type).at(-1);
  }

  /** The first message of `type` (matching `pred`) not taken by an earlier next(), waiting for it. */
  next<T extends ServerMessageType>(type: T, pred: (m: MsgOf<T>) => boolean = () => true, timeoutMs = DEFAULT_WAIT_MS): Promise<MsgOf<T>> {
    return this.wait(`${type}`, timeoutMs, () => {
      for (let i = 0; i < this.msgs.length; i++) {
        const m = this.msgs[i]!;
        if (!this.taken.has(i) && m.type === type && pred(m as MsgOf<T>)) {
          this.taken.add(i);
          return m as MsgOf<T>;
        }
      }
      return undefined;
    });
  }

  /** The first message of `type` matching `pred`, received already or to come (nothing taken). */
  find<T extends ServerMessageType>(type: T, pred: (m: MsgOf<T>) => boolean = () => true, timeoutMs = DEFAULT_WAIT_MS): Promise<MsgOf<T>> {
    return this.wait(`${type}`, timeoutMs, () => this.msgs.find((m): m is MsgOf<T> => m.type === type && pred(m as MsgOf<T>)));
  }

  /** Resolves once the socket is open; fails if the client stopped first. */
  open(timeoutMs = DEFAULT_WAIT_MS): Promise<void> {
    return this.wait("socket ouverte", timeoutMs, () => (this.client.status === "open" ? true : undefined)).then(() => undefined);
  }

  /** Every frame sent before this call has been handled by the room once its pong is back. */
  async sync(timeoutMs = DEFAULT_WAIT_MS) {
    const before = this.all("pong").length;
    if (!this.send({ type: "ping" })) throw new Error(`${this.label} : socket fermée`);
    await this.next("pong", () => this.all("pong").length > before, timeoutMs);
  }

  /** The close that stopped this client (the room's code), or null if it is still going. */
  async waitClosed(timeoutMs = 5_000): Promise<{ code: number; reason: string } | null> {
    const deadline = Date.now() + timeoutMs;
    while (!this.client.stopped && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
    return this.client.stopped ? (this.closes.at(-1) ?? null) : null;
  }

  /** Cuts the line without a close frame, as a lost network does (Node `ws` only). */
  drop() {
    const ws = this.client.socket as { terminate?: () => void } | null;
    if (!ws?.terminate) throw new Error("drop() demande le WebSocket de `ws`");
    ws.terminate();
  }

  close() {
    this.client.close();
  }

  private wait<R>(what: string, timeoutMs: number, check: () => R | undefined): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      const done = (fn: () => void) => {
        this.waiters.delete(attempt);
        clearTimeout(timer);
        fn();
      };
      const attempt = () => {
        const found = check();
        if (found !== undefined) return done(() => resolve(found));
        if (this.client.stopped)
          done(() => reject(new Error(`${this.label} : pas de ${what}, client arrêté (${this.client.stopped}) ; ${this.trail()}`)));
      };
      const timer = setTimeout(
        () => done(() => reject(new Error(`${this.label} : pas de ${what} en ${timeoutMs} ms ; ${this.trail()}`))),
        timeoutMs,
      );
      this.waiters.add(attempt);
      attempt();
    });
  }

  private trail() {
    const codes = this.closes.map((c) => c.code).join(", ");
    return `reçus : ${this.msgs.slice(-12).map((m) => m.type).join(", ")} ; fermetures : [${codes}] ${JSON.stringify(this.closes)}`;
  }
}

/** A phone the room has seated: its seat is known. */
export type SeatedPhone = TestPhone & { playerID: string; token: string; pseudo: string; marker: string };

export class TestPhone extends TestClient {
  playerID: string | undefined;
  pseudo: string | undefined;
  marker: string | undefined;

  constructor(target: SocketTarget, room: string, options: ClientOptions = {}) {
    super(target, room, "player", { label: "téléphone", ...options });
  }

  protected onMessage(msg: ServerMessage) {
    // The seat, as the real phone keeps it: the next hello resumes it.
    if (msg.type === "player_joinRoom_callback" || (msg.type === "fruit_selected_callback" && msg.status)) {
      this.token = msg.token;
      this.playerID = msg.playerID;
      this.pseudo = msg.pseudo;
      if (msg.type === "player_joinRoom_callback") this.marker = msg.marker;
      this.label = `téléphone ${msg.pseudo}`;
    }
  }

  /** Waits for the seat (random icons: right after hello). */
  async seated(timeoutMs = DEFAULT_WAIT_MS): Promise<SeatedPhone> {
    await this.next("player_joinRoom_callback", () => true, timeoutMs);
    return this as SeatedPhone;
  }

  answer(questionIndex: number, coords: LatLng) {
    return this.send({ type: "player_answer", questionIndex, coords });
  }

  /** Waits for question `questionIndex`, answers it, and waits for the room's acknowledgement. */
  async play(questionIndex: number, coords: LatLng) {
    await this.find("player_newQuestion", (m) => m.questionIndex === questionIndex);
    this.answer(questionIndex, coords);
    return this.find("player_answer_callback", (m) => m.questionIndex === questionIndex);
  }

  chooseColor(color: ColorKey) {
    return this.send({ type: "player_chooseColor", color });
  }

  chooseFruit(color: ColorKey, fruit: FruitKey) {
    return this.send({ type: "player_chooseFruit", color, fruit });
  }
}

export class TestPresenter extends TestClient {
  constructor(target: SocketTarget, room: string, options: ClientOptions = {}) {
    super(target, room, "presenter", { label: "présentateur", ...options });
  }

  start() {
    return this.send({ type: "pres_startGame" });
  }

  nextQuestion() {
    return this.send({ type: "pres_nextQuestion" });
  }

  kick(playerID: string) {
    return this.send({ type: "pres_kickPlayer", seatId: playerID });
  }
}

/** Opens `n` phones at once and waits until each has its seat (a random-icon room). */
export async function seatPhones(target: SocketTarget, room: string, n: number, options: ClientOptions = {}) {
  const phones = Array.from({ length: n }, () => new TestPhone(target, room, options));
  await Promise.all(phones.map((p) => p.seated()));
  return phones;
}
