import { createContext, useCallback, useContext, useEffect, useState, type ReactNode } from "react";
import { defiDateText, TIME_ZONE_COOKIE, TIME_ZONE_COOKIE_SECONDS } from "@common/contracts/defi/dates";
import { useLocale } from "~/components/I18n";

const ZoneContext = createContext<string | null>(null);

/**
 * The reader's time zone for the défi's dates below (common/contracts/defi/dates.ts). The first render
 * uses the zone the server rendered with (its cookie, or none: UTC), so that hydration finds the
 * same text; then the browser's own zone, which the cookie keeps for the next pages.
 */
export function ReaderTimeZone({ fromServer, children }: { fromServer: string | null; children: ReactNode }) {
  const [zone, setZone] = useState(fromServer);
  useEffect(() => {
    const own = Intl.DateTimeFormat().resolvedOptions().timeZone;
    if (!own) return;
    setZone(own);
    if (own === fromServer) return;
    const secure = location.protocol === "https:" ? "; Secure" : "";
    document.cookie = `${TIME_ZONE_COOKIE}=${encodeURIComponent(own)}; Path=/; Max-Age=${TIME_ZONE_COOKIE_SECONDS}; SameSite=Lax${secure}`;
  }, [fromServer]);
  return <ZoneContext.Provider value={zone}>{children}</ZoneContext.Provider>;
}

/** A défi's date in the page's language and the reader's zone. */
export function useDefiDate(): (ms: number) => string {
  const zone = useContext(ZoneContext);
  const locale = useLocale();
  return useCallback((ms: number) => defiDateText(locale, ms, zone), [locale, zone]);
}
