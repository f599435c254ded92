import { useCallback, useEffect, useRef, useState } from "react";
import { soundUrl, stepSound, VOLUME, type StepSound } from "@common/sounds";

/**
 * The presenter's sounds (docs/game-rules.md, The reveal). Browsers refuse to play before the page
 * got a click: the screen then offers 'Activer le son' until one click (anywhere) or one successful
 * play. Nothing here may break the game: a missing file, a refused play or no Audio at all is
 * silent.
 */
export function useGameSounds(step: string, questionSound: number | null) {
  const audios = useRef(new Map<number, HTMLAudioElement>());
  const current = useRef<HTMLAudioElement | null>(null);
  const wanted = useRef<StepSound>(null);
  const [blocked, setBlocked] = useState(true);
  const [muted, setMuted] = useState(false);
  const mutedRef = useRef(false);
  mutedRef.current = muted;

  const element = useCallback((id: number): HTMLAudioElement | null => {
    if (typeof Audio === "undefined") return null;
    let el = audios.current.get(id);
    if (!el) {
      try {
        el = new Audio(soundUrl(id));
        el.preload = "auto";
      } catch {
        return null;
      }
      audios.current.set(id, el);
    }
    return el;
  }, []);

  const start = useCallback(
    (el: HTMLAudioElement, id: number, loop: boolean) => {
      try {
        el.loop = loop;
        el.volume = VOLUME[id] ?? 1;
        el.currentTime = 0;
        const playing = el.play();
        // Older browsers return nothing from play().
        if (playing !== undefined && typeof playing.then === "function") {
          playing.then(
            () => setBlocked(false),
            (error: unknown) => {
              if ((error as { name?: string })?.name === "NotAllowedError") setBlocked(true);
            },
          );
        }
      } catch {
        // no sound on this device
      }
    },
    [],
  );

  const stop = useCallback(() => {
    const el = current.current;
    current.current = null;
    if (!el) return;
    try {
      el.pause();
    } catch {
      // already gone
    }
  }, []);

  const playWanted = useCallback(() => {
    stop();
    const sound = wanted.current;
    if (!sound || mutedRef.current) return;
    const el = element(sound.id);
    if (!el) return;
    current.current = el;
    start(el, sound.id, sound.loop);
  }, [element, start, stop]);

  // The ambience of each step; a new question (new music) restarts it.
  useEffect(() => {
    wanted.current = stepSound(step, questionSound);
    playWanted();
  }, [step, questionSound, playWanted]);

  /** One-shot over the ambience (the warning beeps). */
  const effect = useCallback(
    (id: number) => {
      if (mutedRef.current) return;
      const el = element(id);
      if (el) start(el, id, false);
    },
    [element, start],
  );

  /** 'Activer le son', or the first click anywhere: plays what the current step wants. */
  const unlock = useCallback(() => {
    setBlocked(false);
    if (!current.current || current.current.paused) playWanted();
  }, [playWanted]);

  useEffect(() => {
    if (!blocked) return;
    const once = () => unlock();
    document.addEventListener("pointerdown", once, { once: true });
    document.addEventListener("keydown", once, { once: true });
    return () => {
      document.removeEventListener("pointerdown", once);
      document.removeEventListener("keydown", once);
    };
  }, [blocked, unlock]);

  const toggleMute = useCallback(() => {
    setMuted((m) => {
      const next = !m;
      mutedRef.current = next;
      if (next) stop();
      else playWanted();
      return next;
    });
  }, [playWanted, stop]);

  useEffect(
    () => () => {
      for (const el of audios.current.values()) {
        try {
          el.pause();
          el.src = "";
        } catch {
          // nothing to free
        }
      }
    },
    [],
  );

  return { blocked, muted, unlock, toggleMute, effect };
}
