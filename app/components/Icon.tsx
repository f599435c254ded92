/** Small line icons (decorative: the text beside them says what they do). */
/* eslint-disable lingui/no-unlocalized-strings -- SVG path data */
const PATHS = {
  plus: "M12 5v14M5 12h14",
  folder: "M3 7a2 2 0 0 1 2-2h4l2 2h8a2 2 0 0 1 2 2v8a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2z",
  dots: "M12 5.5v.01M12 12v.01M12 18.5v.01",
  back: "M15 18l-6-6 6-6",
  play: "M8 5l11 7-11 7z",
  eye: "M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12zm10 3a3 3 0 1 0 0-6 3 3 0 0 0 0 6z",
  share: "M4 12v7a1 1 0 0 0 1 1h14a1 1 0 0 0 1-1v-7M16 6l-4-4-4 4M12 2v13",
  image: "M4 5h16v14H4zM4 15l4-4 5 5M14 13l2-2 4 4M15.5 8.5v.01",
  map: "M9 4L3 6v14l6-2 6 2 6-2V4l-6 2zM9 4v14M15 6v14",
  logout: "M15 4h4v16h-4M10 8l-4 4 4 4M6 12h11",
  check: "M5 12l5 5 9-10",
} as const;
/* eslint-enable lingui/no-unlocalized-strings */

export function Icon({ name, size = 18 }: { name: keyof typeof PATHS; size?: number }) {
  return (
    <svg
      aria-hidden="true"
      focusable="false"
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={name === "dots" ? 3.2 : 2}
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d={PATHS[name]} />
    </svg>
  );
}
