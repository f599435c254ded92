import type { PseudoLineNetwork } from "@common/protocol";

/** What the lobby says of phones waiting for the pseudo screen (one network: one public address). */
export const PSEUDO_LINE_TEXT = {
  title: "Téléphones en attente du choix du pseudo",
  explain:
    "Un même réseau a trop de téléphones sur le choix du pseudo : les suivants attendent leur tour. « Libérer » renvoie ceux de ce réseau qui choisissent encore en fin de file, et donne leurs places à ceux qui attendent.",
  network: (n: number) => `Réseau ${n}`,
  counts: (choosing: number, waiting: number) =>
    `${choosing} ${choosing > 1 ? "choisissent" : "choisit"}, ${waiting} ${waiting > 1 ? "attendent" : "attend"}`,
  clear: "Libérer",
  clearLabel: (n: number) => `Libérer les téléphones du réseau ${n} qui choisissent leur pseudo`,
} as const;

/**
 * The lobby's notice of lines for the pseudo screen (the room's pres_pseudoLine): which networks
 * have phones waiting, and « Libérer » for each (pres_clearChoosers). Networks are numbered in
 * the order the room lists them; their addresses never reach the screen.
 */
export function PseudoLinePanel({ networks, onClear }: { networks: readonly PseudoLineNetwork[]; onClear: (network: string) => void }) {
  if (networks.length === 0) return null;
  return (
    <section className="lobby-line" aria-labelledby="lobby-line-title">
      <h3 id="lobby-line-title">{PSEUDO_LINE_TEXT.title}</h3>
      <p className="lobby-line-explain">{PSEUDO_LINE_TEXT.explain}</p>
      <ul className="lobby-line-list">
        {networks.map((n, i) => (
          <li key={n.network} className="lobby-line-row">
            <span className="lobby-line-name">{PSEUDO_LINE_TEXT.network(i + 1)}</span>
            <span className="lobby-line-counts">{PSEUDO_LINE_TEXT.counts(n.choosing, n.waiting)}</span>
            <button
              type="button"
              className="pres-button pres-button-ghost lobby-line-clear"
              aria-label={PSEUDO_LINE_TEXT.clearLabel(i + 1)}
              onClick={() => onClear(n.network)}
            >
              {PSEUDO_LINE_TEXT.clear}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
