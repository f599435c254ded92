import PartySocket from "partysocket";
import WebSocket from "ws";
import {
  PROTOCOL_VERSION,
  type ClientMessage,
  type LatLng,
  type ServerMessage,
} from "@common/protocol";

type Msg<T extends ServerMessage["type"]> = Extract<ServerMessage, { type: T }>;

/**
 * A phone as the room sees it: a partysocket over `ws`, the player hello, and helpers to wait
 * for messages and answer. Browser tests use it to fill rooms with players quickly.
 */
export class Phone {
  readonly messages: ServerMessage[] = [];
  private waiters: { test: (m: ServerMessage) => boolean; resolve: (m: ServerMessage) => void }[] = [];
  private socket: PartySocket;
  /** Close codes seen, for failure messages. */
  readonly closes: string[] = [];
  token: string | undefined;
  playerID = "";
  pseudo = "";
  marker = "";

  private constructor(baseURL: string, readonly room: string, token?: string) {
    this.token = token;
    this.socket = new PartySocket({
      host: new URL(baseURL).host,
      party: "game-room",
      room,
      WebSocket: WebSocket as unknown as typeof globalThis.WebSocket,
      // A kicked or ended phone must not come back on its own.
      maxRetries: 0,
    });
    this.socket.addEventListener("open", () =>
      this.send({ type: "hello", role: "player", token: this.token, version: PROTOCOL_VERSION }),
    );
    this.socket.addEventListener("close", (event) => this.closes.push(`${event.code} ${event.reason}`));
    this.socket.addEventListener("message", (event) => {
      const msg = JSON.parse(String(event.data)) as ServerMessage;
      if (msg.type === "player_joinRoom_callback") {
        this.token = msg.token;
        this.playerID = msg.playerID;
        this.pseudo = msg.pseudo;
        this.marker = msg.marker;
      }
      this.messages.push(msg);
      this.waiters = this.waiters.filter((w) => {
        if (!w.test(msg)) return true;
        w.resolve(msg);
        return false;
      });
    });
  }

  /** Joins a random-icon room and waits for its seat. */
  static async join(baseURL: string, room: string): Promise<Phone> {
    const phone = new Phone(baseURL, room);
    await phone.next("player_joinRoom_callback");
    return phone;
  }

  send(msg: ClientMessage) {
    this.socket.send(JSON.stringify(msg));
  }

  /** The first message of that type already received, or the next one. */
  waitFor<T extends ServerMessage["type"]>(type: T, test: (m: Msg<T>) => boolean = () => true, timeoutMs = 30_000) {
    const seen = this.messages.find((m) => m.type === type && test(m as Msg<T>));
    if (seen) return Promise.resolve(seen as Msg<T>);
    return this.next(type, test, timeoutMs);
  }

  /** The next message of that type, ignoring those already received. */
  next<T extends ServerMessage["type"]>(type: T, test: (m: Msg<T>) => boolean = () => true, timeoutMs = 30_000) {
    return new Promise<Msg<T>>((resolve, reject) => {
      const timer = setTimeout(() => {
        const last = this.messages.slice(-4).map((m) => m.type).join(", ");
        const state = `socket ${this.socket.readyState}, closes [${this.closes.join("; ")}], last [${last}]`;
        reject(new Error(`${this.pseudo || "phone"}: no ${type} within ${timeoutMs} ms (${state})`));
      }, timeoutMs);
      this.waiters.push({
        test: (m) => m.type === type && test(m as Msg<T>),
        resolve: (m) => {
          clearTimeout(timer);
          resolve(m as Msg<T>);
        },
      });
    });
  }

  /** Answers question `questionIndex` once it is open, and waits for the acknowledgement. */
  async answer(questionIndex: number, coords: LatLng) {
    await this.waitFor("player_newQuestion", (m) => m.questionIndex === questionIndex);
    this.send({ type: "player_answer", questionIndex, coords });
    return this.waitFor("player_answer_callback", (m) => m.questionIndex === questionIndex);
  }

  close() {
    this.socket.close();
  }
}
