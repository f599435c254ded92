import { type Dispatch, useMemo, useRef } from "react";
import type { PresenterClientMessage } from "@common/wire/protocol";
import type { RoomPlayer } from "@common/wire/room-messages";
import { m } from "@common/i18n/words";
import { roomText } from "@common/client/room-texts";
import { roomQuestionPath } from "./format";
import { afterQuestionPage } from "./ranking-pages";
import type { PresenterAction } from "./screen-state";

const OFFLINE_MESSAGE = m("presenter.offline");

/**
 * What the presenter's buttons (and its clock) ask of the room. An action the socket cannot
 * carry says so (« hors ligne ») rather than being lost.
 */
export function usePresenterCommands(
  room: string,
  send: (msg: PresenterClientMessage) => boolean,
  dispatch: Dispatch<PresenterAction>,
  now: { connected: number; locked: boolean; page: number; pageCount: number },
) {
  // Read when a button is pressed: the commands stay the same objects for the screen's life, so a
  // join in a rush re-renders nothing that only holds a button.
  const latest = useRef(now);
  latest.current = now;
  return useMemo(() => {
    const order = (msg: PresenterClientMessage) => {
      if (!send(msg)) dispatch({ type: "error", message: OFFLINE_MESSAGE, now: performance.now() });
    };
    const advance = () => {
      if (send({ type: "pres_nextQuestion" })) dispatch({ type: "advance" });
      else dispatch({ type: "error", message: OFFLINE_MESSAGE, now: performance.now() });
    };
    /** The ranking's next page, or the next question after the last; `resume` ends a pause. */
    const turnPage = (next: { page: number } | "advance", resume: boolean) => {
      if (next === "advance") advance();
      else dispatch({ type: "showPage", page: next.page, resume, now: performance.now() });
    };
    return {
      start() {
        if (latest.current.connected === 0) dispatch({ type: "error", message: roomText("no_players"), now: performance.now() });
        else order({ type: "pres_startGame" });
      },
      toggleLock: () => order({ type: "pres_lockRoom", locked: !latest.current.locked }),
      clearNetwork: (network: string) => order({ type: "pres_clearChoosers", network }),
      giveExtraTime: (p: RoomPlayer) => order({ type: "pres_extraTime", seatId: p.seatId }),
      kick: (p: RoomPlayer) => order({ type: "pres_kickPlayer", seatId: p.seatId }),
      advance,
      turnPage,
      /** 'Page suivante': by hand, it also ends a pause. */
      nextPage: () => turnPage(afterQuestionPage(latest.current.page, latest.current.pageCount), true),
      pause: () => dispatch({ type: "pause" }),
      openPhotoMap() {
        dispatch({ type: "pause" });
        try {
          window.open(roomQuestionPath(room), "_blank");
        } catch {
          // a blocked pop-up only costs the extra window
        }
      },
    };
  }, [room, send, dispatch]);
}
