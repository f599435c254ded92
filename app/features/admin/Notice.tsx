import { useCallback, useEffect, useRef, useState } from "react";

/**
 * What the last change did, said at the bottom of the page (read out by screen readers) and
 * gone after a few seconds. Refusals are shown beside the form they concern, not here.
 */
export function useNotice() {
  const [notice, setNotice] = useState<{ id: number; text: string } | null>(null);
  const counter = useRef(0);
  const show = useCallback((text: string) => {
    counter.current += 1;
    setNotice({ id: counter.current, text });
  }, []);
  useEffect(() => {
    if (!notice) return;
    const timer = setTimeout(() => setNotice((n) => (n?.id === notice.id ? null : n)), 5000);
    return () => clearTimeout(timer);
  }, [notice]);
  const region = (
    <div className="toast-region" role="status" aria-live="polite">
      {notice ? (
        <p className="toast" key={notice.id}>
          {notice.text}
        </p>
      ) : null}
    </div>
  );
  return [region, show] as const;
}
