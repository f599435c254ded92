// Removing a défi's lines in bulk, as a ban: all of one network, those that arrived in a time
// range, or those with a sign of a script.
import { useId, useState } from "react";
import type { DefiAdmin, DefiAdminPlayer } from "@common/contracts/defi/types";
import { LINE_FLAG_LABELS, LINE_FLAGS, type LineFlag } from "@common/rules";
import { useT } from "~/components/I18n";
import { fromLocalInput, toLocalInput } from "./share";
import type { Act } from "./useDefiAction";

const BY = { flag: "defi.bulk.byFlag", network: "defi.bulk.byNetwork", time: "defi.bulk.byTime" } as const;

type Bulk = { by: "network"; network: string } | { by: "time"; from: string; to: string } | { by: "flag"; flag: LineFlag };

/** Removes lines in bulk: all of one network, those that arrived in a time range, or those with a sign. */
export function BulkRemoval({ defi, perNetwork, act }: { defi: DefiAdmin; perNetwork: Map<string, number>; act: Act }) {
  const t = useT();
  const ids = useId();
  const networks = [...perNetwork.entries()].sort((a, b) => b[1] - a[1]);
  const [by, setBy] = useState<Bulk["by"]>("flag");
  const [network, setNetwork] = useState(networks[0]?.[0] ?? "");
  const [from, setFrom] = useState(() => toLocalInput(Math.min(...defi.players.map((p) => p.joinedAt))));
  const [to, setTo] = useState(() => toLocalInput(Math.max(...defi.players.map((p) => p.joinedAt)) + 60_000));
  const [flag, setFlag] = useState<LineFlag>("fast");
  const bulk: Bulk = by === "network" ? { by, network } : by === "time" ? { by, from, to } : { by, flag };
  const matching = defi.players.filter((p) => matches(p, bulk)).length;
  const body =
    bulk.by === "network"
      ? { action: "removeNetwork", network: bulk.network }
      : bulk.by === "time"
        ? { action: "removeTime", from: fromLocalInput(bulk.from), to: fromLocalInput(bulk.to) + 59_999 }
        : { action: "removeFlag", flag: bulk.flag };
  return (
    <details className="defi-bulk">
      <summary>{t("defi.bulk.title")}</summary>
      <form
        className="defi-bulk-form"
        onSubmit={(e) => {
          e.preventDefault();
          if (window.confirm(t("defi.bulk.confirm", { n: matching }))) void act(body);
        }}
      >
        <p className="defi-hint">{t("defi.bulk.hint")}</p>
        <fieldset className="defi-bulk-by">
          <legend className="sr-only">{t("defi.bulk.title")}</legend>
          {(["flag", "network", "time"] as const).map((b) => (
            <label key={b} className="defi-check">
              <input type="radio" name={`${ids}-by`} checked={by === b} onChange={() => setBy(b)} />
              {t(BY[b])}
            </label>
          ))}
        </fieldset>
        {by === "flag" ? (
          <label className="defi-bulk-field">
            {t(BY.flag)}
            <select value={flag} onChange={(e) => setFlag(e.target.value as LineFlag)}>
              {LINE_FLAGS.map((f) => (
                <option key={f} value={f}>
                  {t(LINE_FLAG_LABELS[f])}
                </option>
              ))}
            </select>
          </label>
        ) : by === "network" ? (
          <label className="defi-bulk-field">
            {t(BY.network)}
            <select value={network} onChange={(e) => setNetwork(e.target.value)}>
              {networks.map(([n, count]) => (
                <option key={n} value={n}>
                  {t("defi.bulk.networkOption", { network: n, n: count })}
                </option>
              ))}
            </select>
          </label>
        ) : (
          <div className="defi-bulk-range">
            <label className="defi-bulk-field">
              {t("defi.bulk.from")}
              <input type="datetime-local" value={from} onChange={(e) => setFrom(e.target.value)} required />
            </label>
            <label className="defi-bulk-field">
              {t("defi.bulk.to")}
              <input type="datetime-local" value={to} onChange={(e) => setTo(e.target.value)} required />
            </label>
          </div>
        )}
        <p role="status">{t("defi.bulk.matching", { n: matching })}</p>
        <button type="submit" className="button button-small button-danger" disabled={matching === 0}>
          {t("defi.bulk.remove")}
        </button>
      </form>
    </details>
  );
}

function matches(p: DefiAdminPlayer, bulk: Bulk): boolean {
  if (bulk.by === "network") return p.network === bulk.network;
  if (bulk.by === "flag") return p.flags.includes(bulk.flag);
  const from = fromLocalInput(bulk.from);
  const to = fromLocalInput(bulk.to) + 59_999;
  return p.joinedAt >= Math.min(from, to) && p.joinedAt <= Math.max(from, to);
}
