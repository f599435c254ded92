import { useT } from "~/components/I18n";
import { MapIcon } from "./MapPin";
import { MAP_MSG } from "./messages";
import { usePublicEnv } from "./public-env";
import "./map.css";

/**
 * Without a Google key every map is the offline one, a grid without imagery: whoever builds
 * quizzes and launches games must know it before a room full of players finds out.
 */
export function TestMapNotice({ className }: { className?: string }) {
  const t = useT();
  const { googleMapsApiKey } = usePublicEnv();
  if (googleMapsApiKey) return null;
  return (
    <p className={["test-map-notice", className ?? ""].join(" ").trim()} role="note">
      <MapIcon size={18} />
      <span>{t(MAP_MSG.testMap)}</span>
    </p>
  );
}
