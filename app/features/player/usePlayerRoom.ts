// The phone's side of a room on /play/{room}: the socket, the play state it feeds, the answer sent
// as soon as the room can hear it, and what the phone does when a screen means leaving.
import { useNavigate } from "@remix-run/react";
import { useCallback, useEffect, useReducer } from "react";
import { reloadForNewVersion } from "@common/client/room-client-page";
import { dropConnection, useRoomConnection } from "./connection";
import { answerToSend, goesHome, initialPlayState, playReducer } from "./play-state";
import { clearToken, readToken, saveToken } from "./token";

/** Time to read why the page reloads. */
const RELOAD_DELAY_MS = 1_500;

/** The play state of `room` and its dispatch; `random`: the room's icons are random (no pseudo screen). */
export function usePlayerRoom(room: string, random: boolean) {
  const navigate = useNavigate();
  const [state, dispatch] = useReducer(playReducer, initialPlayState);
  // Defined icons and no seat on this phone (QR code, new phone): choose a pseudo first.
  const hasSeat = useCallback(() => random || readToken(room) !== undefined, [random, room]);
  useEffect(() => {
    if (!hasSeat()) navigate(`/join/${room}`, { replace: true });
  }, [hasSeat, room, navigate]);
  const connRef = useRoomConnection(
    room,
    (event, conn) => {
      if (event.kind === "status") return dispatch({ type: "socket", status: event.status });
      const msg = event.msg;
      if (msg.type === "player_joinRoom_callback") saveToken(room, msg.token);
      // The room lost track of this socket (it slept, or hibernated oddly): say hello again.
      if (msg.type === "error" && msg.code === "not_identified") conn.resync(true);
      dispatch({ type: "server", msg, now: Date.now() });
    },
    hasSeat,
  );

  // The answer goes out as soon as the room can hear it (again, after a reconnection).
  const outgoing = answerToSend(state);
  const answerIndex = outgoing?.questionIndex;
  const answerLat = outgoing?.coords.lat;
  const answerLng = outgoing?.coords.lng;
  useEffect(() => {
    if (answerIndex === undefined || answerLat === undefined || answerLng === undefined) return;
    const answer = { questionIndex: answerIndex, coords: { lat: answerLat, lng: answerLng } };
    if (connRef.current?.send({ type: "player_answer", ...answer })) dispatch({ type: "answerSent" });
  }, [connRef, answerIndex, answerLat, answerLng]);

  const screen = state.screen;
  useEffect(() => {
    const conn = connRef.current;
    switch (screen.name) {
      case "choosePseudo":
        // The room no longer knows our token (or never did): a pseudo must be chosen again.
        if (conn) dropConnection(conn);
        clearToken(room);
        navigate(`/join/${room}`, { replace: true });
        break;
      case "kicked":
        if (conn) dropConnection(conn);
        clearToken(room);
        if (goesHome(screen.reason)) navigate("/", { replace: true });
        else if (!random) navigate(`/join/${room}?exclu=1`, { replace: true });
        break;
      case "fatal":
        if (conn) dropConnection(conn);
        break;
      case "reload":
        if (conn) dropConnection(conn);
        return reloadForNewVersion(RELOAD_DELAY_MS);
    }
  }, [connRef, screen, room, random, navigate]);

  return { state, dispatch };
}
