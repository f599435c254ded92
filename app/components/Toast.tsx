import { useFetcher } from "@remix-run/react";
import { createContext, useCallback, useContext, useEffect, useRef, useState, type ReactNode } from "react";
import type { ActionResult } from "@common/contracts/dashboard/types";
import { useT } from "./I18n";

type Notice = { id: number; text: string; error: boolean };
const ToastContext = createContext<(result: ActionResult) => void>(() => {});

/**
 * One place at the bottom of the page says what the last change did (worded in the page's
 * language when it arrives) or why it was refused (worded by the server).
 */
export function ToastProvider({ children }: { children: ReactNode }) {
  const t = useT();
  const [notice, setNotice] = useState<Notice | null>(null);
  const counter = useRef(0);
  const notify = useCallback(
    (result: ActionResult) => {
      counter.current += 1;
      setNotice(
        "error" in result
          ? { id: counter.current, text: result.error, error: true }
          : { id: counter.current, text: t(result.message), error: false },
      );
    },
    [t],
  );
  useEffect(() => {
    if (!notice || notice.error) return;
    const timer = setTimeout(() => setNotice((n) => (n?.id === notice.id ? null : n)), 4000);
    return () => clearTimeout(timer);
  }, [notice]);
  return (
    <ToastContext.Provider value={notify}>
      {children}
      <div className="toast-region" role="status" aria-live="polite">
        {notice && !notice.error ? (
          <p className="toast" key={notice.id}>
            {notice.text}
          </p>
        ) : null}
      </div>
      <div className="toast-region toast-region-error" role="alert">
        {notice?.error ? (
          <p className="toast toast-error" key={notice.id}>
            {notice.text}
            <button type="button" className="toast-close" aria-label={t("dashboard.toast.close")} onClick={() => setNotice(null)}>
              ×
            </button>
          </p>
        ) : null}
      </div>
    </ToastContext.Provider>
  );
}

/** A fetcher whose every answer is shown in the toast. */
export function useActionFetcher() {
  const fetcher = useFetcher<ActionResult>();
  const notify = useContext(ToastContext);
  const last = useRef<unknown>(null);
  useEffect(() => {
    if (fetcher.data && fetcher.data !== last.current) {
      last.current = fetcher.data;
      notify(fetcher.data);
    }
  }, [fetcher.data, notify]);
  return fetcher;
}
