// A défi's lines in its report: each player's name (renamed in place), questions, points, arrival,
// network and signs of a script, adapted time, and the buttons to rename or remove it.
import { useState } from "react";
import type { DefiAdmin, DefiAdminPlayer } from "@common/contracts/defi/types";
import { formatDecimal } from "@common/i18n/format";
import { DEFI_NAME_FIELD_MAX, LINE_FLAG_LABELS } from "@common/rules";
import { useLocale, useT } from "~/components/I18n";
import { AdaptedBox } from "./DefiAdaptedTime";
import { useDefiDate } from "./time-zone";
import type { Act } from "./useDefiAction";

export function DefiPlayersTable({ defi, act, onRemove }: { defi: DefiAdmin; act: Act; onRemove: (player: DefiAdminPlayer) => void }) {
  const t = useT();
  const locale = useLocale();
  const dateText = useDefiDate();
  const [editing, setEditing] = useState<{ playerNo: number; name: string } | null>(null);
  const flagged = defi.players.filter((p) => p.flags.length > 0).length;
  return (
    <table className="defi-players">
      <caption>{t("defi.manage.players", { n: defi.players.length, flagged })}</caption>
      <thead>
        <tr>
          <th scope="col">{t("defi.manage.name")}</th>
          <th scope="col" className="num">
            {t("defi.manage.questions")}
          </th>
          <th scope="col" className="num">
            {t("defi.manage.points")}
          </th>
          <th scope="col">{t("defi.manage.joined")}</th>
          <th scope="col">{t("defi.manage.network")}</th>
          <th scope="col">{t("defi.manage.flags")}</th>
          {defi.adapted ? <th scope="col">{t("defi.adapted.mark")}</th> : null}
          <th scope="col">
            <span className="sr-only">{t("defi.manage.actions")}</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {defi.players.map((p) => (
          <tr key={p.playerNo} className={p.flags.length > 0 ? "defi-flagged" : undefined}>
            <th scope="row">
              {editing?.playerNo === p.playerNo ? (
                <form
                  className="defi-rename"
                  onSubmit={(e) => {
                    e.preventDefault();
                    void act({ action: "rename", playerNo: p.playerNo, name: editing.name }).then((ok) => ok && setEditing(null));
                  }}
                >
                  <input
                    aria-label={t("defi.manage.newName", { name: p.name })}
                    value={editing.name}
                    maxLength={DEFI_NAME_FIELD_MAX}
                    onChange={(e) => setEditing({ playerNo: p.playerNo, name: e.target.value })}
                  />
                  <button type="submit" className="button button-small">
                    {t("defi.manage.save")}
                  </button>
                </form>
              ) : (
                p.name
              )}
            </th>
            <td className="num">{p.played}</td>
            <td className="num">{formatDecimal(locale, p.points, 2)}</td>
            <td>{dateText(p.joinedAt)}</td>
            <td>
              <code>{p.network}</code>
            </td>
            <td>
              {p.flags.length > 0 ? (
                <ul className="defi-flags">
                  {p.flags.map((f) => (
                    <li key={f}>{t(LINE_FLAG_LABELS[f])}</li>
                  ))}
                </ul>
              ) : null}
            </td>
            {defi.adapted ? (
              <td>
                <AdaptedBox player={p} all={defi.adapted.all} act={act} />
              </td>
            ) : null}
            <td className="defi-row-actions">
              <button
                type="button"
                className="button button-small button-secondary"
                aria-label={t("defi.manage.renameWho", { name: p.name })}
                onClick={() => setEditing({ playerNo: p.playerNo, name: p.name })}
              >
                {t("defi.manage.rename")}
              </button>
              <button
                type="button"
                className="button button-small button-danger"
                aria-label={t("defi.manage.removeWho", { name: p.name })}
                onClick={() => onRemove(p)}
              >
                {t("defi.manage.remove")}
              </button>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
