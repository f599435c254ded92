import { useState } from "react";
import type { ColorKey } from "@common/protocol";
import { markerUrl } from "@common/media-urls";
import { colorHex, colorOfPseudo, inkOn } from "./players";

/**
 * A player's marker picture (/api/markers/{pseudo without spaces}); if the picture cannot be
 * loaded, a disc of the player's colour with the pseudo's initial, never a broken image.
 * Decorative: the pseudo is always written next to it.
 */
export function PlayerMarker({
  marker,
  pseudo,
  color,
  size = 48,
  className,
}: {
  marker: string;
  pseudo: string;
  color?: ColorKey | null;
  size?: number;
  className?: string;
}) {
  // Which picture failed: a marker reused for another player (the lobby's newest) tries its own.
  const [failedFor, setFailedFor] = useState<string | null>(null);
  const failed = failedFor === marker;
  const key = color ?? colorOfPseudo(pseudo);
  if (failed) {
    return (
      <span
        className={["pmk", "pmk-fallback", className ?? ""].join(" ").trim()}
        style={{ width: size, height: size, background: colorHex(key), color: inkOn(key), fontSize: size * 0.45 }}
        aria-hidden="true"
      >
        {pseudo.charAt(0)}
      </span>
    );
  }
  return (
    <img
      className={["pmk", className ?? ""].join(" ").trim()}
      src={markerUrl(marker)}
      width={size}
      height={size}
      alt=""
      draggable={false}
      onError={() => setFailedFor(marker)}
    />
  );
}
