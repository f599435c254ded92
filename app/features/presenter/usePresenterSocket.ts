import PartySocket from "partysocket";
import { useCallback, useEffect, useRef } from "react";
import {
  PROTOCOL_VERSION,
  type PresenterClientMessage,
  type ServerMessage,
} from "@common/protocol";

/** Silence longer than this gets a ping; no answer to it at all and the socket is replaced. */
const PING_AFTER_MS = 20_000;
const DEAD_AFTER_MS = 35_000;

/**
 * The presenter's socket to its room (games contract): partysocket reconnects by itself, and
 * every new socket opens with the presenter hello, so the room replays the current screen.
 * Messages are sent only on an open, identified socket: partysocket would otherwise queue them
 * and replay them before the hello, where the room refuses them.
 */
export function usePresenterSocket(
  room: string,
  token: string,
  onMessage: (msg: ServerMessage) => void,
  onStatus: (status: "open" | "down") => void,
  /** False once the game is closed: nothing to reconnect to any more. */
  active = true,
) {
  const socketRef = useRef<PartySocket | null>(null);
  const handlers = useRef({ onMessage, onStatus });
  handlers.current = { onMessage, onStatus };

  useEffect(() => {
    if (!active) return;
    const socket = new PartySocket({ host: window.location.host, party: "game-room", room });
    socketRef.current = socket;
    let lastHeard = Date.now();
    let pinged = false;

    const onOpen = () => {
      lastHeard = Date.now();
      pinged = false;
      socket.send(JSON.stringify({ type: "hello", role: "presenter", token, version: PROTOCOL_VERSION }));
      handlers.current.onStatus("open");
    };
    const onClose = () => handlers.current.onStatus("down");
    const onData = (event: MessageEvent) => {
      lastHeard = Date.now();
      pinged = false;
      let msg: unknown;
      try {
        msg = JSON.parse(String(event.data));
      } catch {
        return;
      }
      if (!msg || typeof msg !== "object" || typeof (msg as { type?: unknown }).type !== "string") return;
      const typed = msg as ServerMessage;
      if (typed.type === "pong") return;
      if (typed.type === "reload") {
        window.location.reload();
        return;
      }
      handlers.current.onMessage(typed);
    };
    socket.addEventListener("open", onOpen);
    socket.addEventListener("close", onClose);
    socket.addEventListener("message", onData);

    // A socket can die without a close event (laptop asleep, wifi gone): ask, then replace it.
    const watchdog = window.setInterval(() => {
      if (socket.readyState !== WebSocket.OPEN) return;
      const quiet = Date.now() - lastHeard;
      if (quiet > DEAD_AFTER_MS) {
        handlers.current.onStatus("down");
        socket.reconnect();
      } else if (quiet > PING_AFTER_MS && !pinged) {
        pinged = true;
        socket.send(JSON.stringify({ type: "ping" }));
      }
    }, 5_000);

    return () => {
      window.clearInterval(watchdog);
      socket.removeEventListener("open", onOpen);
      socket.removeEventListener("close", onClose);
      socket.removeEventListener("message", onData);
      socket.close();
      socketRef.current = null;
    };
  }, [room, token, active]);

  /** False when the socket is down: the caller says so rather than losing the action. */
  return useCallback((msg: PresenterClientMessage): boolean => {
    const socket = socketRef.current;
    if (!socket || socket.readyState !== WebSocket.OPEN) return false;
    socket.send(JSON.stringify(msg));
    return true;
  }, []);
}
