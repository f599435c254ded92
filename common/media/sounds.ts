/**
 * Game sounds (docs/game-rules.md, The reveal): 1 lobby music, 2 intermediate ranking, 3 end of
 * game, 4 warning 10 s before the end of a question, 5–7 music during questions (one at random).
 * Served by GET /api/sound/{id}; the defaults live in public/sounds
 * (scripts/make-default-sounds.mjs).
 */
export const SOUND = { lobby: 1, ranking: 2, end: 3, warning: 4 } as const;
const QUESTION_SOUNDS = [5, 6, 7] as const;
export const DEFAULT_SOUND_IDS = [1, 2, 3, 4, 5, 6, 7] as const;

/** Volumes: lobby 0.15, in-game 1, end of game 0.8, warning 0.5. */
export const VOLUME: Record<number, number> = { 1: 0.15, 2: 1, 3: 0.8, 4: 0.5, 5: 1, 6: 1, 7: 1 };

export const soundUrl = (id: number) => `/api/sound/${id}`;

/** The music of one question: random, but never the same twice in a row when avoidable. */
export function pickQuestionSound(random: () => number, previous: number | null = null): number {
  const choices = QUESTION_SOUNDS.filter((id) => id !== previous);
  return choices[Math.min(choices.length - 1, Math.floor(random() * choices.length))]!;
}

/** What plays on each step: a looping ambience, a one-shot, or silence. */
export type StepSound = { id: number; loop: boolean } | null;

export function stepSound(step: string, questionSound: number | null): StepSound {
  switch (step) {
    case "lobby":
      return { id: SOUND.lobby, loop: true };
    case "question":
      return questionSound === null ? null : { id: questionSound, loop: true };
    case "ranking":
      return { id: SOUND.ranking, loop: false };
    case "podium":
      return { id: SOUND.end, loop: false };
    default:
      return null;
  }
}
