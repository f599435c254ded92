import { soundUrl, VOLUME, type StepSound } from "@common/media/sounds";

/**
 * The presenter's audio, outside React: one element per sound, made once and kept; the step's
 * ambience (`want`), one-shots over it (`effect`), mute. Browsers refuse to play before the page
 * got a click: `onBlocked(true)` says a play was refused, `onBlocked(false)` that one played.
 * Nothing here may break the game: a missing file, a refused play or no Audio at all is silent.
 */
export class SoundPlayer {
  private readonly audios = new Map<number, HTMLAudioElement>();
  private current: HTMLAudioElement | null = null;
  private wanted: StepSound = null;
  muted = false;

  constructor(private readonly onBlocked: (blocked: boolean) => void) {}

  /** The ambience of a step; a new one (a new question's music) starts from its beginning. */
  want(sound: StepSound) {
    this.wanted = sound;
    this.playWanted();
  }

  /** One-shot over the ambience (the warning beeps). */
  effect(id: number) {
    if (this.muted) return;
    const el = this.element(id);
    if (el) this.start(el, id, false);
  }

  /** After a click: plays what the step wants, unless it already plays. */
  unlock() {
    if (!this.current || this.current.paused) this.playWanted();
  }

  setMuted(muted: boolean) {
    this.muted = muted;
    if (muted) this.stop();
    else this.playWanted();
  }

  dispose() {
    for (const el of this.audios.values()) {
      try {
        el.pause();
        el.src = "";
      } catch {
        // nothing to free
      }
    }
  }

  private playWanted() {
    this.stop();
    const sound = this.wanted;
    if (!sound || this.muted) return;
    const el = this.element(sound.id);
    if (!el) return;
    this.current = el;
    this.start(el, sound.id, sound.loop);
  }

  private stop() {
    const el = this.current;
    this.current = null;
    if (!el) return;
    try {
      el.pause();
    } catch {
      // already gone
    }
  }

  private element(id: number): HTMLAudioElement | null {
    if (typeof Audio === "undefined") return null;
    let el = this.audios.get(id);
    if (!el) {
      try {
        el = new Audio(soundUrl(id));
        el.preload = "auto";
      } catch {
        return null;
      }
      this.audios.set(id, el);
    }
    return el;
  }

  private start(el: HTMLAudioElement, id: number, loop: boolean) {
    try {
      el.loop = loop;
      el.volume = VOLUME[id] ?? 1;
      el.currentTime = 0;
      const playing = el.play();
      // Older browsers return nothing from play().
      if (playing !== undefined && typeof playing.then === "function") {
        playing.then(
          () => this.onBlocked(false),
          (error: unknown) => {
            if ((error as { name?: string })?.name === "NotAllowedError") this.onBlocked(true);
          },
        );
      }
    } catch {
      // no sound on this device
    }
  }
}
