import { type Dispatch, useCallback, useEffect, useReducer, useState } from "react";
import type { RoomMessage } from "@common/wire/room-messages";
import { readResume } from "./resume";
import { initialState, presenterReducer, type PresenterAction } from "./screen-state";
import { MessageBatcher } from "./message-batch";
import { useRosterPictures } from "./PlayerMarker";
import { usePresenterSocket } from "./usePresenterSocket";

/**
 * The room as the presenter's screen knows it: the socket, its messages handed to the screen's
 * reducer (screen-state.ts) a few at a time (message-batch.ts), and the players' pictures loaded
 * as they join. `send` is false when the socket cannot carry the action.
 */
export function usePresenterRoom(room: string, token: string) {
  const [state, dispatch] = useReducer(presenterReducer, initialState);
  const [batcher] = useState(
    () =>
      new MessageBatcher((msgs) =>
        dispatch({
          type: "messages",
          msgs,
          now: performance.now(),
          resume: msgs.some((m) => m.type === "pres_results") ? readResume(room) : null,
        }),
      ),
  );
  useEffect(() => () => batcher.dispose(), [batcher]);
  const onMessage = useCallback((msg: RoomMessage) => batcher.push(msg), [batcher]);
  const onStatus = useCallback((status: "open" | "down") => dispatch({ type: "connection", status }), []);
  const send = usePresenterSocket(room, token, onMessage, onStatus, state.step !== "closed");
  useRosterPictures(state.players);
  return { state, dispatch: dispatch as Dispatch<PresenterAction>, send };
}
