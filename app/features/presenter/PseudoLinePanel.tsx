import type { PseudoLineNetwork } from "@common/wire/protocol";
import { useT } from "~/components/I18n";

/**
 * The lobby's notice of lines for the pseudo screen (the room's pres_pseudoLine): which networks
 * have phones waiting, and « Libérer » for each (pres_clearChoosers). Networks are numbered in
 * the order the room lists them; their addresses never reach the screen.
 */
export function PseudoLinePanel({ networks, onClear }: { networks: readonly PseudoLineNetwork[]; onClear: (network: string) => void }) {
  const t = useT();
  if (networks.length === 0) return null;
  return (
    <section className="lobby-line" aria-labelledby="lobby-line-title">
      <h3 id="lobby-line-title">{t("presenter.pseudoLine.title")}</h3>
      <p className="lobby-line-explain">{t("presenter.pseudoLine.explain")}</p>
      <ul className="lobby-line-list">
        {networks.map((n, i) => (
          <li key={n.network} className="lobby-line-row">
            <span className="lobby-line-name">{t("presenter.pseudoLine.network", { n: i + 1 })}</span>
            <span className="lobby-line-counts">{t("presenter.pseudoLine.counts", { choosing: n.choosing, waiting: n.waiting })}</span>
            <button
              type="button"
              className="pres-button pres-button-ghost lobby-line-clear"
              aria-label={t("presenter.pseudoLine.clearLabel", { n: i + 1 })}
              onClick={() => onClear(n.network)}
            >
              {t("presenter.pseudoLine.clear")}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
