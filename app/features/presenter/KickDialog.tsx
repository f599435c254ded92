import { useRef, type RefObject } from "react";
import type { RoomPlayer } from "@common/wire/room-messages";
import { useModal } from "~/components/modal";
import { useT } from "~/components/I18n";

/**
 * « Exclure Kiwi bleu ? »: the kick's confirmation, a modal dialog that starts on « Exclure ».
 * Cancelled, the keyboard goes back to the button that asked; confirmed, that button is about to
 * go with its player, so to `afterKick`.
 */
export function KickDialog({
  player,
  onCancel,
  onConfirm,
  afterKick,
}: {
  player: RoomPlayer;
  onCancel: () => void;
  onConfirm: () => void;
  afterKick: RefObject<HTMLElement>;
}) {
  const t = useT();
  const ref = useRef<HTMLDialogElement>(null);
  const confirm = useRef<HTMLButtonElement>(null);
  const kicked = useRef(false);
  // The confirmation the presenter just asked for: Enter confirms, Escape cancels. (showModal
  // would put the keyboard on the first button, « Annuler ».)
  useModal(ref, confirm, () => (kicked.current ? afterKick.current : null));
  return (
    <dialog
      ref={ref}
      className="pres-dialog"
      aria-labelledby="kick-title"
      onCancel={(e) => {
        e.preventDefault();
        onCancel();
      }}
    >
      <h2 id="kick-title">{t("presenter.kick.title", { pseudo: player.pseudo })}</h2>
      <p>{t("presenter.kick.body")}</p>
      <div className="pres-dialog-actions">
        <button type="button" className="pres-button pres-button-ghost" onClick={onCancel}>
          {t("presenter.cancel")}
        </button>
        <button
          type="button"
          className="pres-button pres-button-danger"
          onClick={() => {
            kicked.current = true;
            onConfirm();
          }}
          ref={confirm}
        >
          {t("presenter.kick.confirm")}
        </button>
      </div>
    </dialog>
  );
}
