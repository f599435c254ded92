// What a screen reader is told of each step of the phone's game: each step said once through the
// page's one live region (announcements.ts), and the focus taken to the new screen's heading.
import { useEffect, useRef } from "react";
import { useAnnouncer } from "~/components/Announcer";
import { useLocale, useT } from "~/components/I18n";
import { movesFocus, saidOnChange, type Moment } from "./announcements";
import type { Me, PlayState } from "./play-state";
import { useClockMark } from "./useClockMark";

/** Says each new step of `screen` for `me`; gives the live region's text and its `announce`. */
export function useStepVoice(screen: PlayState["screen"], me: Me | null) {
  const t = useT();
  const locale = useLocale();
  const { text: announcement, announce } = useAnnouncer();
  const mark = useClockMark(screen.name === "question" ? screen.clock : null);
  const said = useRef<Moment | null>(null);
  useEffect(() => {
    const next: Moment = { screen, mark };
    const words = saidOnChange(locale, me, said.current, next, Date.now());
    if (words.length) announce(words.map((w) => t(w)).join(" "));
    if (movesFocus(said.current, next)) focusHeading();
    said.current = next;
  }, [screen, mark, me, locale, t, announce]);

  return { announcement, announce };
}

/**
 * The new screen's heading takes the focus (its main region when it has none, as a question's
 * map screen), so that the keyboard and a screen reader go on from the top of what appeared
 * rather than from a button that is gone.
 */
function focusHeading() {
  const main = document.querySelector<HTMLElement>("main");
  if (!main || main.contains(document.activeElement)) return;
  const target = main.querySelector<HTMLElement>("h1") ?? main;
  target.tabIndex = -1;
  target.focus({ preventScroll: true });
}
