import { useEffect, useRef } from "react";
import type { ColorKey } from "@common/wire/protocol";
import { markerUrl } from "@common/media/urls";
import { keepPicture, usePicture } from "~/features/map/marker-pictures";
import { colorHex, colorOfPseudo, inkOn } from "./players";
import { playersBetween, type Roster } from "./roster";

/**
 * Every player's picture, loaded in the background as they join, so that the lobby's pages, the
 * ranking and the results map find it ready whichever players they show.
 */
export function useRosterPictures(roster: Roster) {
  const kept = useRef(0);
  useEffect(() => {
    if (roster.length < kept.current) kept.current = 0;
    for (const p of playersBetween(roster, kept.current, roster.length)) keepPicture(markerUrl(p.marker));
    kept.current = roster.length;
  }, [roster]);
}

/**
 * A player's marker picture (/api/markers/{pseudo without spaces}); if the picture cannot be
 * loaded, a disc of the player's colour with the pseudo's initial, never a broken image.
 * Decorative: the pseudo is always written next to it. The picture shows once marker-pictures.ts
 * has it (one new picture a frame, never a screenful parsed at once); until then its place is kept.
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
  const url = markerUrl(marker);
  const state = usePicture(url);
  const key = color ?? colorOfPseudo(pseudo);
  const classes = (...extra: (string | undefined)[]) => ["pmk", ...extra].filter(Boolean).join(" ");
  if (state === "loading") return <span className={classes("pmk-waiting", className)} style={{ width: size, height: size }} aria-hidden="true" />;
  if (state === "failed") {
    return (
      <span
        className={classes("pmk-fallback", className)}
        style={{ width: size, height: size, background: colorHex(key), color: inkOn(key), fontSize: size * 0.45 }}
        aria-hidden="true"
      >
        {pseudo.charAt(0)}
      </span>
    );
  }
  return (
    <img
      className={classes(className)}
      src={url}
      width={size}
      height={size}
      alt=""
      draggable={false}
    />
  );
}
