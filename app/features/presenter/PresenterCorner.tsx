import { forwardRef } from "react";
import { splitRoomCode } from "@common/contracts/presenter/room-code";
import { RichText, useT } from "~/components/I18n";
import { LockButton, LockIcon } from "./LockButton";
import type { PresenterState } from "./screen-state";
import type { useGameSounds } from "./useGameSounds";

/**
 * The screen's top right corner, over every step: the room's number and its lock once the game
 * has begun, and the sound (« Activer le son » until the browser lets it play, then mute).
 * PresenterGame measures its width so the top bars keep clear of it.
 */
export const PresenterCorner = forwardRef<
  HTMLDivElement,
  { state: PresenterState; sounds: ReturnType<typeof useGameSounds>; onToggleLock: () => void }
>(function PresenterCorner({ state, sounds, onToggleLock }, ref) {
  const t = useT();
  const { step, locked } = state;
  return (
    <div className="pres-corner" ref={ref}>
      {state.room && step !== "lobby" && step !== "closed" ? (
        <>
          <span className={`pres-room-tag${locked ? " is-locked" : ""}`}>
            {locked ? <LockIcon size={22} /> : null}
            <RichText
              id="presenter.roomTag"
              values={{ code: splitRoomCode(state.room.roomNumber), locked: locked ? "yes" : "no" }}
              components={{ 0: <span className="sr-only" /> }}
            />
          </span>
          {step !== "podium" ? <LockButton locked={locked} onToggle={onToggleLock} compact /> : null}
        </>
      ) : null}
      {sounds.blocked ? (
        <button type="button" className="pres-button pres-sound-on" onClick={sounds.unlock}>
          <SpeakerIcon muted /> {t("presenter.sound.enable")}
        </button>
      ) : (
        <button
          type="button"
          className="pres-icon-button"
          onClick={sounds.toggleMute}
          // A toggle: one name, its state pressed or not; the tooltip says what a click does.
          aria-pressed={sounds.muted}
          aria-label={t("presenter.sound.mute")}
          title={t(sounds.muted ? "presenter.sound.unmute" : "presenter.sound.mute")}
        >
          <SpeakerIcon muted={sounds.muted} />
        </button>
      )}
    </div>
  );
});

function SpeakerIcon({ muted }: { muted?: boolean }) {
  return (
    <svg viewBox="0 0 24 24" width="28" height="28" aria-hidden="true" focusable="false">
      <path d="M4 9h4l5-4v14l-5-4H4z" fill="currentColor" />
      {muted ? (
        <path d="M16 9l5 6M21 9l-5 6" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      ) : (
        <path d="M16 8.5a5 5 0 0 1 0 7M18.5 6a8.5 8.5 0 0 1 0 12" stroke="currentColor" strokeWidth="2" fill="none" strokeLinecap="round" />
      )}
    </svg>
  );
}
