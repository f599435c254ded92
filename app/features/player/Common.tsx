import type { ReactNode } from "react";
import { useT } from "~/components/I18n";
import { medalOf } from "./format";

export const markerUrl = (marker: string) => `/api/markers/${encodeURIComponent(marker)}`;

/** The player's pin picture; decorative unless `alt` says who it is. */
export function MarkerImage({ marker, size = 48, alt = "" }: { marker: string; size?: number; alt?: string }) {
  return <img className="pl-marker" src={markerUrl(marker)} alt={alt} width={size} height={size} draggable={false} />;
}

/** Full-height screen of the phone, dark so it reads well in a dim room. */
export function PlayerScreen({
  children,
  className,
  label,
}: {
  children: ReactNode;
  className?: string;
  label?: string;
}) {
  return (
    <main className={["pl-screen", className ?? ""].join(" ").trim()} aria-label={label}>
      {children}
    </main>
  );
}

/**
 * A wait, with its words. `status`: the words are a live region of their own; a night's screens,
 * whose steps the page's one live region says, turn it off.
 */
export function Spinner({ label, status = true }: { label: string; status?: boolean }) {
  return (
    <p className="pl-waiting" role={status ? "status" : undefined}>
      <span className="pl-spinner" aria-hidden="true" />
      {label}
    </p>
  );
}

const MEDAL_COLORS: Record<number, { fill: string; rim: string }> = {
  1: { fill: "#ffd43b", rim: "#c99700" },
  2: { fill: "#dee2e6", rim: "#8d96a0" },
  3: { fill: "#e8a06a", rim: "#a0582a" },
};

/**
 * Medals for positions 1 to 3 (🥇🥈🥉), drawn rather than typed: phones and screens
 * without an emoji font would show empty boxes.
 */
export function Medal({ rank }: { rank: number }) {
  const t = useT();
  const medal = medalOf(rank);
  const colors = MEDAL_COLORS[rank];
  if (!medal || !colors) return null;
  return (
    <svg className="pl-medal" viewBox="0 0 32 40" role="img" aria-label={t(medal.label)} focusable="false">
      <title>{`${t(medal.label)} ${medal.emoji}`}</title>
      <path d="M6 0h8l4 14h-8zM26 0h-8l-4 14h8z" fill="#d81b60" />
      <path d="M14 0h4l-2 8z" fill="#1e6fd9" />
      <circle cx="16" cy="26" r="12.5" fill={colors.fill} stroke={colors.rim} strokeWidth="2.5" />
      <text x="16" y="31" textAnchor="middle" fontSize="14" fontWeight="900" fill="#0b1d3a" fontFamily="system-ui, sans-serif">
        {rank}
      </text>
    </svg>
  );
}

/** Medal for 1-3, '#N' always; the medal also says the rank to screen readers. */
export function RankBadge({ rank, big = false }: { rank: number; big?: boolean }) {
  return (
    <span className={big ? "pl-rank pl-rank-big" : "pl-rank"}>
      <Medal rank={rank} />
      <span>#{rank}</span>
    </span>
  );
}

export function PseudoBadge({ pseudo, marker }: { pseudo: string; marker: string }) {
  return (
    <span className="pl-badge">
      <MarkerImage marker={marker} size={28} />
      <span>{pseudo}</span>
    </span>
  );
}

export function HomeLink({ secondary = false }: { secondary?: boolean }) {
  const t = useT();
  return (
    <a className={secondary ? "button button-secondary pl-button" : "button pl-button"} href="/">
      {t("common.error.home")}
    </a>
  );
}
