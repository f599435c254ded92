import { useEffect, useId, useRef, type ReactNode } from "react";
import { useT } from "./I18n";

/**
 * A modal built on <dialog>: the browser traps the focus, Escape closes it and the page
 * behind is inert.
 */
export function Dialog({
  open,
  onClose,
  title,
  children,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return (
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions -- a backdrop click is the mouse's Escape, which <dialog> handles for the keyboard
    <dialog
      ref={ref}
      className="dialog"
      aria-labelledby={titleId}
      onClose={onClose}
      onClick={(event) => {
        // A click on the backdrop (the dialog element itself) closes it.
        if (event.target === ref.current) onClose();
      }}
    >
      {open ? (
        <div className="dialog-body">
          <h2 id={titleId}>{title}</h2>
          {children}
        </div>
      ) : null}
    </dialog>
  );
}

/** The foot of a dialog's form: 'Annuler' closes it, the other button sends the form. */
export function DialogActions({
  onCancel,
  submitLabel,
  danger = false,
}: {
  onCancel: () => void;
  submitLabel: string;
  /** A deletion: the button is red. */
  danger?: boolean;
}) {
  const t = useT();
  return (
    <div className="dialog-actions">
      <button type="button" className="button button-secondary" onClick={onCancel}>
        {t("dashboard.cancel")}
      </button>
      <button type="submit" className={danger ? "button button-danger" : "button"}>
        {submitLabel}
      </button>
    </div>
  );
}
