// What a screen reader is told of a défi on a phone: each step said once as it appears, through the
// page's one live region, and the focus taken to each new screen but the first.
import { useEffect, useState } from "react";
import type { DefiInfo, DefiReveal } from "@common/contracts/defi/types";
import { useAnnouncer } from "~/components/Announcer";
import { useT } from "~/components/I18n";
import { useFormats } from "~/features/player/format";
import { ringValues } from "./DefiReveal";
import type { Screen } from "./useDefiRun";

/** Says each new step of `screen` (docs/game-rules.md, Défis); gives the live region's text and its `announce`. */
export function useDefiStepVoice(screen: Screen, defi: DefiInfo) {
  const t = useT();
  const f = useFormats();
  const { text: announcement, announce } = useAnnouncer();
  // The first screen is where the reader arrives: the focus stays where the browser put it.
  const [arrived, setArrived] = useState(false);
  const step = screen.kind === "question" ? `q${screen.question.index}` : screen.kind === "reveal" ? `r${screen.reveal.index}` : screen.kind;
  useEffect(() => {
    if (screen.kind === "question") {
      const n = screen.question.index + 1;
      const left = screen.question.remainingMs;
      announce(
        left === null
          ? t("defi.announce.questionNoLimit", { n, count: defi.questionCount })
          : t("defi.announce.question", { n, count: defi.questionCount, seconds: Math.round(left / 1000) }),
      );
    } else if (screen.kind === "reveal") announce(revealSaid(screen.reveal));
    if (screen.kind === "loading") return;
    if (arrived) focusScreen();
    else setArrived(true);
    // Said when the step changes, not when the page's words do.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [step]);

  function revealSaid(reveal: DefiReveal): string {
    const total = f.points(reveal.total);
    if (!reveal.answer) return t("defi.announce.missed", { total });
    const points = f.points(reveal.points);
    if (reveal.distanceM !== null) return t("defi.announce.distance", { distance: f.distance(reveal.distanceM), points, total });
    return t("defi.announce.ring", { ...ringValues(defi.targets, reveal.ring), points, total });
  }

  return { announcement, announce };
}

/**
 * The new screen's main region takes the focus, so that the keyboard and a screen reader go on
 * from the top of what just appeared rather than from a button that is gone.
 */
function focusScreen() {
  const main = document.querySelector<HTMLElement>("main");
  if (!main || main.contains(document.activeElement)) return;
  main.tabIndex = -1;
  main.focus({ preventScroll: true });
}
