// The keyboard around the presenter's dialogs, which come and go with the state that shows them:
// where it starts, and where it goes back to when the dialog leaves the page.
import { useEffect, useLayoutEffect, useRef, type RefObject } from "react";

/** A layout effect in the browser; on the server, where nothing is laid out, a plain one. */
export const useIsoLayoutEffect = typeof window === "undefined" ? useEffect : useLayoutEffect;

const focusedNow = () => (document.activeElement instanceof HTMLElement ? document.activeElement : null);

/** The keyboard to `back()` when that gives an element on the page, else to `before` if still there. */
function focusBack(before: HTMLElement | null, back: (() => HTMLElement | null | undefined) | undefined) {
  const chosen = back?.();
  (chosen?.isConnected ? chosen : before?.isConnected ? before : null)?.focus();
}

/**
 * While the component that calls it is on the page, remembers where the keyboard was; when it
 * goes, puts the keyboard back there (or on `back()`) in the same commit. A dialog taken off the
 * page would otherwise leave the keyboard, and a screen reader, on the page's body until something
 * moved it.
 */
export function useFocusReturn(back?: () => HTMLElement | null | undefined) {
  const backRef = useRef(back);
  backRef.current = back;
  useIsoLayoutEffect(() => {
    const before = focusedNow();
    return () => focusBack(before, backRef.current);
  }, []);
}

/**
 * Shows the <dialog> in `ref` as a modal while the component holding it is on the page (the
 * browser keeps the keyboard in it and makes the page behind inert), with the keyboard on `start`
 * (else on the browser's first control); when it goes, gives the keyboard back as
 * useFocusReturn does.
 */
export function useModal(ref: RefObject<HTMLDialogElement>, start?: RefObject<HTMLElement>, back?: () => HTMLElement | null | undefined) {
  const backRef = useRef(back);
  backRef.current = back;
  useIsoLayoutEffect(() => {
    const before = focusedNow();
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal?.();
    start?.current?.focus();
    return () => {
      // Closed first: while it is modal, the page behind cannot take the keyboard.
      if (dialog?.open) dialog.close?.();
      focusBack(before, backRef.current);
    };
    // Once per dialog shown: `ref` and `start` are refs, read when it opens.
  }, []);
}
