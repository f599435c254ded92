import type { RankedPlayer } from "@common/wire/room-messages";
import type { Translate } from "@common/i18n/ids";
import { useT } from "~/components/I18n";
import { rangeLabel } from "./ranking-pages";

/** 'Rangs 4 à 33 · page 1/3' under an end screen's list. */
export function pageLabel(t: Translate, rows: readonly RankedPlayer[], shown: number, pages: number): string | null {
  const range = rangeLabel(rows);
  return range ? t("presenter.end.page", { range: t(range), page: shown + 1, pages }) : null;
}

/** Under an end screen's list: which page, how many the socket's top left out, the error, the buttons. */
export function EndFooter({
  pageLabel,
  missing,
  error,
  actions,
}: {
  pageLabel: string | null;
  missing: number;
  error?: string | null;
  actions: React.ReactNode;
}) {
  const t = useT();
  return (
    <>
      {pageLabel ? (
        <p className="end-page" data-testid="end-page">
          {pageLabel}
        </p>
      ) : null}
      {missing > 0 ? <p className="end-page">{t("presenter.missingPlayers", { n: missing })}</p> : null}
      {error ? (
        <p className="pres-error" role="alert">
          {error}
        </p>
      ) : null}
      {actions}
    </>
  );
}
