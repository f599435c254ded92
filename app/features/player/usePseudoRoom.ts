// The pseudo screen's side of a room on /join/{room}: the socket, the pseudo state it feeds, each
// choice sent once, and where the phone goes when the room seats it, kicks it or is replaced.
import { useNavigate } from "@remix-run/react";
import { useEffect, useReducer } from "react";
import { reloadForNewVersion } from "@common/client/room-client-page";
import { dropConnection, useRoomConnection } from "./connection";
import { initialPseudoState, pseudoReducer } from "./pseudo-state";
import { clearToken, saveToken } from "./token";

/** Time to read why the page reloads. */
const RELOAD_DELAY_MS = 1_500;

/** The pseudo state of `room` and its dispatch. */
export function usePseudoRoom(room: string) {
  const navigate = useNavigate();
  const [state, dispatch] = useReducer(pseudoReducer, initialPseudoState);
  const connRef = useRoomConnection(room, (event) =>
    event.kind === "status" ? dispatch({ type: "socket", status: event.status }) : dispatch({ type: "server", msg: event.msg }),
  );

  const request = state.request;
  useEffect(() => {
    if (!request) return;
    if (!connRef.current?.send(request.msg)) dispatch({ type: "requestFailed" });
    // A new request is a new object with a new id (see pseudo-state): sent once.
  }, [connRef, request]);

  useEffect(() => {
    if (state.done) {
      saveToken(room, state.done.token);
      // The socket (now our seat) stays open for /play to take over.
      navigate(`/play/${room}?pseudo=${encodeURIComponent(state.done.pseudo)}`, { replace: true });
    } else if (state.kicked) {
      if (connRef.current) dropConnection(connRef.current);
      clearToken(room);
      navigate("/", { replace: true });
    } else if (state.fatal && connRef.current) {
      dropConnection(connRef.current);
    } else if (state.reload) {
      return reloadForNewVersion(RELOAD_DELAY_MS);
    }
  }, [state.done, state.kicked, state.fatal, state.reload, room, navigate, connRef]);

  return { state, dispatch };
}
