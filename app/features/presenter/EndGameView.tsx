import { Form, useNavigation } from "@remix-run/react";
import { useCallback, useEffect, useState } from "react";
import type { RoomMessageOf } from "@common/wire/room-messages";
import type { RoundQuiz } from "@common/contracts/presenter/types";
import { useT } from "~/components/I18n";
import { NightView } from "./NightView";
import { PodiumView } from "./PodiumView";
import { RoundPicker } from "./RoundPicker";

/** How long the podium stays before the night ranking takes the screen (from the second round). */
const NIGHT_AFTER_PODIUM_MS = 15_000;

/**
 * End of a round (docs/game-rules.md, Presenter steps, podium): the round's podium, then from
 * the second round on the « Classement de la soirée »; and what comes next: « Rejouer » (same quiz,
 * same settings), « Autre quiz » (the picker) or « Nouvelle partie » (closes the room, back to
 * the dashboard). Every phone stays in the room for the next round.
 */
export function EndGameView({
  endGame,
  room,
  error,
  quizzes,
}: {
  endGame: RoomMessageOf<"pres_endGame">;
  room: string;
  error?: string | null;
  quizzes: RoundQuiz[];
}) {
  const t = useT();
  const night = endGame.night;
  const [view, setView] = useState<"podium" | "night">("podium");
  const [picking, setPicking] = useState(false);
  const closePicker = useCallback(() => setPicking(false), []);
  useEffect(() => {
    if (!night) return;
    const id = window.setTimeout(() => setView("night"), NIGHT_AFTER_PODIUM_MS);
    return () => window.clearTimeout(id);
  }, [night]);
  const busy = useNavigation().state !== "idle";
  const actions = (
    <div className="end-buttons">
      {night ? (
        <button type="button" className="pres-button pres-button-ghost" onClick={() => setView(view === "podium" ? "night" : "podium")}>
          {t(view === "podium" ? "presenter.end.night" : "presenter.end.roundPodium")}
        </button>
      ) : null}
      <Form method="post">
        <input type="hidden" name="intent" value="replay" />
        <input type="hidden" name="room" value={room} />
        <button type="submit" className="pres-button pres-button-go" disabled={busy}>
          {t("presenter.end.replay")}
        </button>
      </Form>
      <button type="button" className="pres-button pres-button-go" onClick={() => setPicking(true)} disabled={busy}>
        {t("presenter.end.otherQuiz")}
      </button>
      <Form method="post">
        <input type="hidden" name="intent" value="close" />
        <input type="hidden" name="room" value={room} />
        <button type="submit" className="pres-button pres-button-ghost" disabled={busy}>
          {t("presenter.end.newGame")}
        </button>
      </Form>
    </div>
  );
  return (
    <>
      {night && view === "night" ? (
        <NightView night={night} room={room} error={error} actions={actions} />
      ) : (
        <PodiumView endGame={endGame} room={room} error={error} actions={actions} />
      )}
      {picking ? (
        <RoundPicker room={room} quizzes={quizzes} busy={busy} onClose={closePicker} />
      ) : null}
    </>
  );
}
