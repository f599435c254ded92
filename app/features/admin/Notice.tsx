import { useCallback, useEffect, useRef, useState } from "react";
import type { Words } from "@common/i18n/ids";
import { useT } from "~/components/I18n";

/**
 * What the last change did, said at the bottom of the page (read out by screen readers) and
 * gone after a few seconds. Refusals are shown beside the form they concern, not here.
 */
export function useNotice() {
  const t = useT();
  const [notice, setNotice] = useState<{ id: number; text: Words } | null>(null);
  const counter = useRef(0);
  const show = useCallback((text: Words) => {
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
          {t(notice.text)}
        </p>
      ) : null}
    </div>
  );
  return [region, show] as const;
}
