import { useT } from "~/components/I18n";

/**
 * « Verrouiller la salle » / « Déverrouiller »: while locked the room takes no new seat (phones
 * with a seat still come back). In the lobby it sits by « Lancer la partie »; during the game it
 * is a round icon button in the corner, beside the room number (which turns gold with a lock
 * while locked): the corner shares the top bar with the question's figures, and a labelled pill
 * ran over « N/M ont répondu » on a 1920 px screen. Its name says what it will do, so it is no
 * toggle (a pressed « Déverrouiller » would read the state twice, and backwards).
 */
export function LockButton({
  locked,
  onToggle,
  compact = false,
}: {
  locked: boolean;
  onToggle: () => void;
  compact?: boolean;
}) {
  const t = useT();
  const label = t(locked ? "presenter.lock.unlock" : "presenter.lock.lock");
  if (compact)
    return (
      <button
        type="button"
        className={`pres-icon-button pres-lock-icon${locked ? " is-locked" : ""}`}
        aria-label={label}
        title={label}
        onClick={onToggle}
      >
        <LockIcon open={!locked} />
      </button>
    );
  return (
    <button
      type="button"
      className={`pres-button pres-button-ghost pres-lock${locked ? " is-locked" : ""}`}
      onClick={onToggle}
    >
      <LockIcon open={!locked} />
      {label}
    </button>
  );
}

export function LockIcon({ open = false, size = 28 }: { open?: boolean; size?: number }) {
  return (
    <svg viewBox="0 0 24 24" width={size} height={size} aria-hidden="true" focusable="false">
      <rect x="4.5" y="10.5" width="15" height="10.5" rx="2" fill="currentColor" />
      <path
        d={open ? "M8 10.5V7a4 4 0 0 1 7.75-1.4" : "M8 10.5V7a4 4 0 0 1 8 0v3.5"}
        stroke="currentColor"
        strokeWidth="2.4"
        fill="none"
        strokeLinecap="round"
      />
    </svg>
  );
}
