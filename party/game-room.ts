import { Server, type Connection, type WSMessage } from "partyserver";

/**
 * One live game per room number (DESIGN §4). Foundation stage: the room accepts sockets on
 * /parties/game-room/{room} and answers a ping, so the socket path is proven end to end;
 * the game itself is built on party/engine and party/protocol.
 */
export class GameRoom extends Server<Env> {
  static options = { hibernate: true };

  onConnect(connection: Connection) {
    connection.send(JSON.stringify({ type: "hello", room: this.name }));
  }

  onMessage(connection: Connection, message: WSMessage) {
    let parsed: unknown = null;
    try {
      parsed = typeof message === "string" ? JSON.parse(message) : null;
    } catch {
      parsed = null;
    }
    if (parsed && typeof parsed === "object" && (parsed as { type?: unknown }).type === "ping") {
      connection.send(JSON.stringify({ type: "pong", room: this.name }));
      return;
    }
    connection.send(JSON.stringify({ type: "error", message: "Message invalide" }));
  }

  /** Room internals are reached only through the binding, never by public HTTP (DESIGN §1). */
  onRequest() {
    return new Response("Not found", { status: 404 });
  }
}
