import type { NightTop } from "@common/wire/room-messages";
import { useT } from "~/components/I18n";
import { EndFooter, pageLabel } from "./EndFooter";
import { PlayerRows } from "./Ranking";
import { columnsOf, END_COLUMN } from "./ranking-pages";
import { useEndPages } from "./useEndPages";
import { useFullRanking } from "./useFullRanking";

/** « Classement de la soirée »: every round added up, in pages like the list under the podium. */
export function NightView({
  night,
  room,
  error,
  actions,
}: {
  night: NightTop;
  room: string;
  error?: string | null;
  actions: React.ReactNode;
}) {
  const t = useT();
  // The socket brings the top; the whole night comes over HTTP, as the round's ranking does.
  const full = useFullRanking(room, `night${night.round}`, "over", "night");
  const lines = full ?? night.ranking;
  const { pages, shown, rows } = useEndPages(lines);
  const missing = shown === pages.length - 1 ? night.playersCount - lines.length : 0;
  return (
    <div className="pres-end pres-night" data-testid="night-ranking">
      <h1 className="end-title">{t("presenter.end.night")}</h1>
      <p className="night-sub">{t("presenter.end.nightSub", { rounds: night.round, players: night.playersCount })}</p>
      <section className="end-rest night-rest" aria-label={t("presenter.end.night")} data-page={shown + 1} data-pages={pages.length}>
        <div className={`ranking-columns cols-${lines.length > END_COLUMN ? 3 : 1}`}>
          {columnsOf(rows, END_COLUMN).map((col, i) => (
            <PlayerRows key={i} lines={col} showQuestion markerSize={44} />
          ))}
        </div>
      </section>
      <div className="end-actions">
        <EndFooter pageLabel={pages.length > 1 ? pageLabel(t, rows, shown, pages.length) : null} missing={missing} error={error} actions={actions} />
      </div>
    </div>
  );
}
