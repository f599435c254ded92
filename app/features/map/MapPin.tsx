/** SVG path of the plain pin (24 x 34, tip at the bottom middle; the box leaves its rim 2 units around it, but none below the tip, which stays on the point). */
const PIN_PATH =
  // eslint-disable-next-line lingui/no-unlocalized-strings -- an SVG path, drawn, never read
  "M12 0C5.37 0 0 5.37 0 12c0 8.4 10.2 20.2 11.1 21.3a1.2 1.2 0 0 0 1.8 0C13.8 32.2 24 20.4 24 12 24 5.37 18.63 0 12 0z";

const DEFAULT_MARKER_COLOR = "#d81b60";

export function MapPin({ color = DEFAULT_MARKER_COLOR }: { color?: string }) {
  return (
    <svg className="om-pin" viewBox="-2 -2 28 36" width="31" height="40" aria-hidden="true" focusable="false">
      {/* A dark rim outside the white one: a pale pin stands out on pale land, a dark one on imagery. */}
      <path d={PIN_PATH} fill="none" stroke="#0b1d3a" strokeWidth="3.6" strokeLinejoin="round" />
      <path d={PIN_PATH} fill={color} stroke="#fff" strokeWidth="1.6" strokeLinejoin="round" />
      <circle cx="12" cy="12" r="4.5" fill="#fff" />
    </svg>
  );
}

/** A folded map: the offline map's badge and the no-key line of the dashboard and the wizard. */
export function MapIcon({ size = 14 }: { size?: number }) {
  return (
    <svg viewBox="0 0 24 24" width={size} height={size} aria-hidden="true" focusable="false">
      <path
        d="M3 6l6-3 6 3 6-3v15l-6 3-6-3-6 3z M9 3v15 M15 6v15"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinejoin="round"
      />
    </svg>
  );
}
