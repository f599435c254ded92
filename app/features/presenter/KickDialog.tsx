import { useEffect, useRef } from "react";
import type { RoomPlayer } from "@common/wire/room-messages";
import { useT } from "~/components/I18n";

/** « Exclure Kiwi bleu ? »: the kick's confirmation, a modal dialog that starts on « Exclure ». */
export function KickDialog({
  player,
  onCancel,
  onConfirm,
}: {
  player: RoomPlayer;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const t = useT();
  const ref = useRef<HTMLDialogElement>(null);
  const confirm = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal?.();
    // The confirmation the presenter just asked for: Enter confirms, Escape cancels. (showModal
    // would put the keyboard on the first button, « Annuler ».)
    confirm.current?.focus();
  }, []);
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
        <button type="button" className="pres-button pres-button-danger" onClick={onConfirm} ref={confirm}>
          {t("presenter.kick.confirm")}
        </button>
      </div>
    </dialog>
  );
}
