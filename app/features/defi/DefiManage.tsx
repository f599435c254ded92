import { useId, useMemo, useState } from "react";
import type { DefiAdmin, DefiAdminPlayer } from "@common/contracts/defi/types";
import { DEFI_MSG } from "@common/rules";
import { FieldError } from "~/components/FieldError";
import { RichText, useT } from "~/components/I18n";
import { AdaptedNames } from "./DefiAdaptedTime";
import { BulkRemoval } from "./DefiBulkRemoval";
import { DeadlineForm } from "./DefiDeadlineForm";
import { DefiLink } from "./DefiLink";
import { DefiPlayersTable } from "./DefiPlayersTable";
import { RemoveDialog } from "./DefiRemoveDialog";
import { ReaderTimeZone, useDefiDate } from "./time-zone";
import { useDefiAction } from "./useDefiAction";

/**
 * A défi in its report, for its owner and the admin: the link and QR code, its options, the
 * deadline (moved, the défi ended now, or an ended one reopened), each player's line (renamed, or
 * removed with its answers) with the signs of a script, and removals in bulk by network, by time
 * of arrival or by sign. A removal is a ban: the device (and, in bulk or when asked, the network)
 * cannot join again. Its dates are in the reader's time zone, as its date fields are.
 */
export function DefiManage({ defi, quizName }: { defi: DefiAdmin; quizName: string }) {
  return (
    <ReaderTimeZone fromServer={null}>
      <Manage defi={defi} quizName={quizName} />
    </ReaderTimeZone>
  );
}

function Manage({ defi, quizName }: { defi: DefiAdmin; quizName: string }) {
  const t = useT();
  const dateText = useDefiDate();
  const ids = useId();
  const { act, error } = useDefiAction(defi.gameId);
  const [removing, setRemoving] = useState<DefiAdminPlayer | null>(null);
  const perNetwork = useMemo(() => countBy(defi.players, (p) => p.network), [defi.players]);
  return (
    <section className="report-defi" aria-labelledby={`${ids}-title`}>
      <h2 id={`${ids}-title`}>{t(defi.open ? "defi.manage.open" : "defi.over")}</h2>
      <p>
        <RichText
          id="defi.manage.when"
          values={{ open: defi.open ? "yes" : "no", date: dateText(defi.deadline), names: defi.nameMode }}
          components={{ 0: <strong /> }}
        />
      </p>
      <ul className="defi-settings" aria-label={t("defi.options")}>
        <li>{t(defi.reveal === "each" ? "defi.manage.revealEach" : "defi.manage.revealEnd")}</li>
        <li>{t(defi.boardHidden ? DEFI_MSG.boardHiddenLabel : "defi.manage.boardShown")}</li>
        {defi.bans > 0 ? <li>{t("defi.manage.bans", { n: defi.bans })}</li> : null}
        {defi.adapted ? (
          <li>
            {t("defi.manage.adapted", {
              all: defi.adapted.all ? "yes" : "no",
              kind: defi.adapted.kind,
              speed: defi.adapted.speed,
              ask: defi.adapted.ask ? "yes" : "no",
            })}
          </li>
        ) : null}
      </ul>
      {defi.open ? <DefiLink path={defi.path} title={quizName} /> : null}
      <DeadlineForm defi={defi} act={act} />
      <FieldError error={error ? t(error) : null} />
      {defi.adapted && !defi.adapted.all && defi.nameMode === "free" ? <AdaptedNames key={defi.adapted.names.join("\n")} names={defi.adapted.names} act={act} /> : null}
      {defi.players.length > 0 ? <BulkRemoval defi={defi} perNetwork={perNetwork} act={act} /> : null}
      <DefiPlayersTable defi={defi} act={act} onRemove={setRemoving} />
      <RemoveDialog player={removing} shared={removing ? (perNetwork.get(removing.network) ?? 1) : 1} act={act} onClose={() => setRemoving(null)} />
    </section>
  );
}

function countBy<T>(items: readonly T[], key: (item: T) => string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const item of items) counts.set(key(item), (counts.get(key(item)) ?? 0) + 1);
  return counts;
}
