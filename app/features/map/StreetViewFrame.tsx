import { useEffect, useState } from "react";
import { streetViewEmbedUrl, type StreetView } from "@common/media/streetview";
import "./map.css";
import { useT } from "~/components/I18n";

/**
 * A Street View question's view: Google Maps' own embed, rebuilt from the parsed numbers. It
 * needs no API key, so it shows with or without GOOGLE_MAPS_API_KEY. Where Google cannot be
 * reached (a venue without internet, tests), a panel says the view cannot be shown: never the
 * position, which is the answer.
 *
 * The embed draws the place's address in a card at its top left: on a question, the answer in
 * words. The frame is cut so that card is never in view (map.css, .sv-frame), and not offered
 * full screen, where the whole embed would show. Google is told the site's origin only, not the
 * page's address (the presenter's names its room).
 */
export function StreetViewFrame({
  sv,
  title,
  className,
  loading = "eager",
}: {
  sv: StreetView;
  title: string;
  className?: string;
  loading?: "eager" | "lazy";
}) {
  const t = useT();
  const reachable = useGoogleReachable();
  return (
    <div className={["sv-frame", className ?? ""].join(" ").trim()}>
      {reachable === false ? (
        <div className="sv-unavailable" role="img" aria-label={t("map.streetViewLabel", { title })}>
          <p className="sv-unavailable-title" aria-hidden="true">
            {t("map.streetView")}
          </p>
          <p aria-hidden="true">{t("map.streetViewUnavailable")}</p>
        </div>
      ) : (
        <iframe
          title={title}
          src={streetViewEmbedUrl(sv)}
          loading={loading}
          referrerPolicy="strict-origin"
        />
      )}
    </div>
  );
}

/**
 * An iframe cannot tell a page that failed to load from one that loaded (both fire `load`), so
 * one small image of the embed's own host says whether Google answers from here: Google's logo,
 * at a path that has not moved in ten years (Chromium refuses pages' requests for a site's
 * favicon.ico, so not that one). Asked once per page; null while unknown, when the frame is
 * shown in case it loads. If the logo ever moved, the panel would show instead of the view:
 * a lost picture, never a leaked answer.
 */
const PROBE_URL = "https://www.google.com/images/branding/googlelogo/1x/googlelogo_color_272x92dp.png";
let probe: Promise<boolean> | null = null;

function probeGoogle(): Promise<boolean> {
  probe ??= new Promise((resolve) => {
    const img = new Image();
    img.referrerPolicy = "no-referrer";
    img.onload = () => resolve(true);
    img.onerror = () => resolve(false);
    img.src = PROBE_URL;
  });
  return probe;
}

function useGoogleReachable(): boolean | null {
  const [reachable, setReachable] = useState<boolean | null>(null);
  useEffect(() => {
    let live = true;
    void probeGoogle().then((ok) => live && setReachable(ok));
    return () => {
      live = false;
    };
  }, []);
  return reachable;
}
