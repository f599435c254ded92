import { useEffect, useMemo, useRef, useState } from "react";
import { pickQuestionSound, SOUND, stepSound } from "@common/media/sounds";
import { SoundPlayer } from "./sound-player";

/**
 * The presenter's sounds (docs/game-rules.md, The reveal): each step's ambience, a music drawn at
 * random for each question (never the same twice in a row), the warning beeps. Until the page got
 * a click, or one sound played, the screen offers 'Activer le son' (`blocked`); the first click
 * anywhere does the same.
 */
export function useGameSounds(step: string, questionIndex: number | null) {
  const [blocked, setBlocked] = useState(true);
  const [muted, setMuted] = useState(false);
  const [player] = useState(() => new SoundPlayer(setBlocked));
  useEffect(() => () => player.dispose(), [player]);

  // Drawn once when the question arrives, so a re-render never changes the music.
  const music = useRef<{ index: number; id: number } | null>(null);
  if (questionIndex !== null && music.current?.index !== questionIndex)
    music.current = { index: questionIndex, id: pickQuestionSound(Math.random, music.current?.id ?? null) };
  const questionSound = step === "question" ? (music.current?.id ?? null) : null;
  useEffect(() => player.want(stepSound(step, questionSound)), [player, step, questionSound]);

  const controls = useMemo(
    () => ({
      /** 'Activer le son', or the first click anywhere: plays what the current step wants. */
      unlock() {
        setBlocked(false);
        player.unlock();
      },
      toggleMute() {
        player.setMuted(!player.muted);
        setMuted(player.muted);
      },
      warning: () => player.effect(SOUND.warning),
    }),
    [player],
  );

  useEffect(() => {
    if (!blocked) return;
    const once = () => controls.unlock();
    document.addEventListener("pointerdown", once, { once: true });
    document.addEventListener("keydown", once, { once: true });
    return () => {
      document.removeEventListener("pointerdown", once);
      document.removeEventListener("keydown", once);
    };
  }, [blocked, controls]);

  return { blocked, muted, ...controls };
}
