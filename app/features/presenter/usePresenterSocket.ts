import { useCallback, useEffect, useRef } from "react";
import type { PresenterClientMessage } from "@common/wire/protocol";
import { RoomClient } from "@common/client/room-client";
import { fromWire, type RoomMessage } from "@common/wire/room-messages";
import { followPage, pageSocketProtocol, reloadForNewVersion } from "@common/client/room-client-page";

/**
 * The presenter's socket to its room, on the shared room client: every socket opens with the
 * presenter hello, so the room replays the current screen after a reconnection or a reload.
 * Actions go out only on an open socket (false otherwise: the screen says so rather than lose a
 * click). A room that speaks a newer protocol reloads the page.
 */
export function usePresenterSocket(
  room: string,
  token: string,
  onMessage: (msg: RoomMessage) => void,
  onStatus: (status: "open" | "down") => void,
  /** False once the game is closed: nothing to reconnect to any more. */
  active = true,
) {
  const clientRef = useRef<RoomClient | null>(null);
  const handlers = useRef({ onMessage, onStatus });
  handlers.current = { onMessage, onStatus };

  useEffect(() => {
    if (!active) return;
    const client = new RoomClient({ host: location.host, protocol: pageSocketProtocol(), room, role: "presenter", token });
    clientRef.current = client;
    let cancelReload = () => {};
    client.subscribe((event) => {
      if (event.kind === "status") handlers.current.onStatus(event.status === "open" ? "open" : "down");
      else if (event.kind === "stopped" && event.reason === "reload") cancelReload = reloadForNewVersion(0);
      else if (event.kind === "message" && event.msg.type !== "pong" && event.msg.type !== "reload")
        handlers.current.onMessage(fromWire(event.msg));
    });
    const unfollow = followPage(client);
    return () => {
      cancelReload();
      unfollow();
      client.close();
      clientRef.current = null;
    };
  }, [room, token, active]);

  /** False when the socket is down: the caller says so rather than losing the action. */
  return useCallback((msg: PresenterClientMessage): boolean => clientRef.current?.send(msg) ?? false, []);
}
