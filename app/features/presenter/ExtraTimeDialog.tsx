import { useRef, useState } from "react";
import type { RoomPlayer } from "@common/wire/room-messages";
import { useModal } from "~/components/modal";
import { useT } from "~/components/I18n";
import { pickPlayers } from "./lobby-pages";
import type { Roster } from "./roster";

/**
 * « Temps adapté » during a question (docs/game-rules.md, Temps adapté in a live night): the
 * lobby's players, found by a piece of their pseudo as in the lobby's search, each a button that
 * gives that seat twice the question's time. A seat that answered, or already has it, is shown
 * without its button. Enter on a player gives it; Escape or « Fermer » closes.
 */
export function ExtraTimeDialog({
  players,
  answered,
  given,
  onGive,
  onClose,
}: {
  players: Roster;
  /** Seats that answered this question. */
  answered: ReadonlySet<string>;
  /** Seats that already have more time for it. */
  given: ReadonlySet<string>;
  onGive: (player: RoomPlayer) => void;
  onClose: () => void;
}) {
  const t = useT();
  const ref = useRef<HTMLDialogElement>(null);
  const search = useRef<HTMLInputElement>(null);
  const [query, setQuery] = useState("");
  // The search is what the keyboard wants first: a piece of the pseudo, then Tab to the player.
  useModal(ref, search);
  const found = pickPlayers(players, query);
  const state = (p: RoomPlayer) =>
    answered.has(p.seatId) ? t("presenter.extraTime.answered") : given.has(p.seatId) ? t("presenter.extraTime.given") : null;
  return (
    <dialog
      ref={ref}
      className="pres-dialog extra-time-dialog"
      aria-labelledby="extra-time-title"
      aria-describedby="extra-time-body"
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
    >
      <h2 id="extra-time-title">{t("presenter.extraTime.title")}</h2>
      <p id="extra-time-body">{t("presenter.extraTime.body")}</p>
      <input
        type="search"
        className="extra-time-search"
        aria-label={t("presenter.extraTime.search")}
        placeholder={t("presenter.extraTime.search")}
        value={query}
        onChange={(e) => setQuery(e.target.value)}
        ref={search}
      />
      {found.matches.length === 0 ? (
        <p className="extra-time-none">{t("presenter.lobby.noneFound")}</p>
      ) : (
        <ul className="extra-time-list">
          {found.matches.map((p) => {
            const why = state(p);
            return (
              <li key={p.seatId}>
                {why ? (
                  <span className="extra-time-player is-done">
                    {p.pseudo} <em>({why})</em>
                  </span>
                ) : (
                  <button
                    type="button"
                    className="extra-time-player"
                    aria-label={t("presenter.extraTime.give", { pseudo: p.pseudo })}
                    onClick={() => onGive(p)}
                  >
                    {p.pseudo}
                  </button>
                )}
              </li>
            );
          })}
        </ul>
      )}
      {found.more > 0 ? <p className="extra-time-more">{t("presenter.lobby.moreFound", { n: found.more })}</p> : null}
      <div className="pres-dialog-actions">
        <button type="button" className="pres-button pres-button-ghost" onClick={onClose}>
          {t("presenter.extraTime.close")}
        </button>
      </div>
    </dialog>
  );
}
