// The keyboard around the presenter's dialogs, which come and go with the state that shows them:
// where it starts, and where it goes back to when the dialog leaves the page.
import { useRef, type RefObject } from "react";
import { useIsoLayoutEffect } from "./layout-effect";

/**
 * Shows the <dialog> in `ref` as a modal while the component holding it is on the page (the
 * browser keeps the keyboard in it and makes the page behind inert), with the keyboard on `start`
 * (else on the browser's first control). When the component goes, the keyboard goes back, in the
 * same commit, to `back()` when that gives an element on the page, else to where it was when the
 * dialog opened: a dialog taken off the page would otherwise leave it, and a screen reader, on
 * the page's body until something moved it.
 */
export function useModal(ref: RefObject<HTMLDialogElement>, start?: RefObject<HTMLElement>, back?: () => HTMLElement | null | undefined) {
  const backRef = useRef(back);
  backRef.current = back;
  useIsoLayoutEffect(() => {
    const before = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal?.();
    start?.current?.focus();
    return () => {
      // Closed first: while it is modal, the page behind cannot take the keyboard.
      if (dialog?.open) dialog.close?.();
      const chosen = backRef.current?.();
      (chosen?.isConnected ? chosen : before?.isConnected ? before : null)?.focus();
    };
    // Once per dialog shown: `ref` and `start` are refs, read when it opens.
  }, []);
}
