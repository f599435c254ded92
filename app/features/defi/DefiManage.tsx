import { useRevalidator } from "@remix-run/react";
import { useEffect, useId, useMemo, useState } from "react";
import { decodeDefiAdmin } from "@common/contracts/defi/decoders";
import type { DefiAdmin, DefiAdminPlayer } from "@common/contracts/defi/types";
import { formatDecimal } from "@common/i18n/format";
import type { Words } from "@common/i18n/ids";
import { defaultDeadline, DEFI_MSG, DEFI_NAME_FIELD_MAX, LINE_FLAG_LABELS, LINE_FLAGS, type LineFlag } from "@common/rules";
import { Dialog, DialogActions } from "~/components/Dialog";
import { FieldError } from "~/components/FieldError";
import { RichText, useLocale, useT } from "~/components/I18n";
import { DefiLink } from "./DefiLink";
import { fromLocalInput, postDefi, toLocalInput } from "./share";
import { ReaderTimeZone, useDefiDate } from "./time-zone";

type Act = (body: Record<string, unknown>) => Promise<boolean>;

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
  const locale = useLocale();
  const dateText = useDefiDate();
  const ids = useId();
  const revalidator = useRevalidator();
  const [error, setError] = useState<Words | null>(null);
  const [editing, setEditing] = useState<{ playerNo: number; name: string } | null>(null);
  const [removing, setRemoving] = useState<DefiAdminPlayer | null>(null);
  const perNetwork = useMemo(() => countBy(defi.players, (p) => p.network), [defi.players]);
  const flagged = defi.players.filter((p) => p.flags.length > 0).length;

  const act: Act = async (body) => {
    setError(null);
    const result = await postDefi(`/api/defis/${defi.gameId}`, decodeDefiAdmin, body);
    if (!result.ok) {
      setError(result.error);
      return false;
    }
    revalidator.revalidate();
    return true;
  };

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
                  onClick={() => setRemoving(p)}
                >
                  {t("defi.manage.remove")}
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <RemoveDialog player={removing} shared={removing ? (perNetwork.get(removing.network) ?? 1) : 1} act={act} onClose={() => setRemoving(null)} />
    </section>
  );
}

/**
 * « Temps adapté pour X » on a player's line: the MJ's choice shows at once and stays while the
 * server has not answered (the report's data comes back after); refused, the box goes back and
 * its line says so, the reason above the table (`act`'s error).
 */
function AdaptedBox({ player, all, act }: { player: DefiAdminPlayer; all: boolean; act: Act }) {
  const t = useT();
  const id = useId();
  // The choice sent and not yet in the report's data; null: the data's.
  const [pending, setPending] = useState<boolean | null>(null);
  const [failed, setFailed] = useState(false);
  // The report's data came back: it is what the box shows from now on.
  useEffect(() => setPending(null), [player.adapted]);
  return (
    <>
      <input
        type="checkbox"
        className="defi-adapted-line"
        checked={pending ?? player.adapted}
        disabled={all}
        aria-label={t("defi.manage.adaptedFor", { name: player.name })}
        aria-describedby={failed ? id : undefined}
        aria-busy={pending !== null || undefined}
        onChange={(e) => {
          const on = e.target.checked;
          setPending(on);
          setFailed(false);
          void act({ action: "adapted", playerNo: player.playerNo, on }).then((ok) => {
            if (ok) return;
            setPending(null);
            setFailed(true);
          });
        }}
      />
      {failed ? (
        <span id={id} className="defi-line-error">
          {t("defi.manage.adaptedNotSaved")}
        </span>
      ) : null}
    </>
  );
}

/** The names that get adapted time when they join, one per line, as the MJ keeps them up to date. */
function AdaptedNames({ names, act }: { names: string[]; act: Act }) {
  const t = useT();
  const [text, setText] = useState(names.join("\n"));
  return (
    <form
      className="defi-adapted-form"
      onSubmit={(e) => {
        e.preventDefault();
        void act({ action: "adaptedNames", names: text.split("\n").filter((n) => n.trim() !== "") });
      }}
    >
      <label className="defi-adapted-names">
        {t("defi.adapted.names")}
        <textarea rows={3} value={text} onChange={(e) => setText(e.target.value)} />
      </label>
      <button type="submit" className="button button-small">
        {t("defi.manage.saveNames")}
      </button>
    </form>
  );
}

/** Move the deadline or end the défi now; an ended défi is reopened with a new deadline. */
function DeadlineForm({ defi, act }: { defi: DefiAdmin; act: Act }) {
  const t = useT();
  const ids = useId();
  const [deadline, setDeadline] = useState(() => toLocalInput(defi.open ? defi.deadline : defaultDeadline(Date.now())));
  return (
    <form
      className="defi-deadline"
      onSubmit={(e) => {
        e.preventDefault();
        void act({ action: "deadline", deadline: fromLocalInput(deadline) });
      }}
    >
      <label htmlFor={`${ids}-deadline`}>{t("defi.deadline")}</label>
      <input id={`${ids}-deadline`} type="datetime-local" value={deadline} onChange={(e) => setDeadline(e.target.value)} required />
      {defi.open ? (
        <>
          <button type="submit" className="button button-small">
            {t("defi.manage.moveDeadline")}
          </button>
          <button type="button" className="button button-small button-danger" onClick={() => void act({ action: "end" })}>
            {t("defi.manage.endNow")}
          </button>
        </>
      ) : (
        <>
          <button type="submit" className="button button-small" aria-describedby={`${ids}-reopen`}>
            {t("defi.manage.reopen")}
          </button>
          <p id={`${ids}-reopen`} className="defi-hint">
            {t("defi.manage.reopenHint")}
          </p>
        </>
      )}
    </form>
  );
}

const BY = { flag: "defi.bulk.byFlag", network: "defi.bulk.byNetwork", time: "defi.bulk.byTime" } as const;

type Bulk = { by: "network"; network: string } | { by: "time"; from: string; to: string } | { by: "flag"; flag: LineFlag };

/** Removes lines in bulk: all of one network, those that arrived in a time range, or those with a sign. */
function BulkRemoval({ defi, perNetwork, act }: { defi: DefiAdmin; perNetwork: Map<string, number>; act: Act }) {
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

/** One line out: its device always, its network when the MJ ticks it (by default when it came alone). */
function RemoveDialog({ player, shared, act, onClose }: { player: DefiAdminPlayer | null; shared: number; act: Act; onClose: () => void }) {
  const t = useT();
  const [network, setNetwork] = useState(shared <= 1);
  const [key, setKey] = useState(player?.playerNo);
  if (player?.playerNo !== key) {
    setKey(player?.playerNo);
    setNetwork(shared <= 1);
  }
  return (
    <Dialog open={player !== null} onClose={onClose} title={player ? t("defi.remove.title", { name: player.name }) : ""}>
      <form
        className="defi-form"
        onSubmit={(e) => {
          e.preventDefault();
          if (player) void act({ action: "remove", playerNo: player.playerNo, network }).then((ok) => ok && onClose());
        }}
      >
        <p>{t("defi.remove.body")}</p>
        <label className="defi-check">
          <input type="checkbox" checked={network} onChange={(e) => setNetwork(e.target.checked)} />
          {t("defi.remove.network", { n: shared })}
        </label>
        <DialogActions onCancel={onClose} submitLabel={t("defi.manage.remove")} danger />
      </form>
    </Dialog>
  );
}

function countBy<T>(items: readonly T[], key: (item: T) => string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const item of items) counts.set(key(item), (counts.get(key(item)) ?? 0) + 1);
  return counts;
}
