import { useRevalidator } from "@remix-run/react";
import { useId, useMemo, useState } from "react";
import type { DefiAdmin, DefiAdminPlayer } from "@common/defi/types";
import { formatPlayedAt } from "@common/dashboard/format";
import { defaultDeadline, DEFI_MSG, DEFI_NAME_FIELD_MAX, LINE_FLAG_LABELS, LINE_FLAGS, type LineFlag } from "@common/rules";
import { Dialog, DialogActions } from "~/components/Dialog";
import { FieldError } from "~/components/FieldError";
import { formatPoints } from "~/features/presenter/format";
import { DefiLink } from "./DefiLink";
import { fromLocalInput, postDefi, toLocalInput } from "./share";
import { DEFI_TEXT } from "./texts";

type Act = (body: Record<string, unknown>) => Promise<boolean>;

/**
 * A défi in its report, for its owner and the admin: the link and QR code, its options, the
 * deadline (moved, the défi ended now, or an ended one reopened), each player's line (renamed, or
 * removed with its answers) with the signs of a script, and removals in bulk by network, by time
 * of arrival or by sign. A removal is a ban: the device (and, in bulk or when asked, the network)
 * cannot join again.
 */
export function DefiManage({ defi, quizName }: { defi: DefiAdmin; quizName: string }) {
  const ids = useId();
  const revalidator = useRevalidator();
  const [error, setError] = useState<string | null>(null);
  const [editing, setEditing] = useState<{ playerNo: number; name: string } | null>(null);
  const [removing, setRemoving] = useState<DefiAdminPlayer | null>(null);
  const perNetwork = useMemo(() => countBy(defi.players, (p) => p.network), [defi.players]);
  const flagged = defi.players.filter((p) => p.flags.length > 0).length;

  const act: Act = async (body) => {
    setError(null);
    const result = await postDefi<DefiAdmin>(`/api/defis/${defi.gameId}`, body);
    if (!result.ok) {
      setError(result.error);
      return false;
    }
    revalidator.revalidate();
    return true;
  };

  return (
    <section className="report-defi" aria-labelledby={`${ids}-title`}>
      <h2 id={`${ids}-title`}>Défi {defi.open ? "ouvert" : "terminé"}</h2>
      <p>
        {defi.open ? "Ouvert jusqu'au " : "Terminé le "}
        <strong>{formatPlayedAt(defi.deadline)}</strong> · noms {defi.nameMode === "free" ? "tapés par les joueurs" : "fruit et couleur"}
      </p>
      <ul className="defi-settings" aria-label={DEFI_TEXT.options}>
        <li>{defi.reveal === "each" ? `${DEFI_MSG.revealEach} (${DEFI_MSG.revealEachHint.toLowerCase()})` : DEFI_TEXT.revealEnd}</li>
        <li>{defi.boardHidden ? DEFI_MSG.boardHiddenLabel : DEFI_TEXT.boardShown}</li>
        {defi.bans > 0 ? <li>{DEFI_TEXT.bans(defi.bans)}</li> : null}
      </ul>
      {defi.open ? <DefiLink path={defi.path} title={quizName} /> : null}
      <DeadlineForm defi={defi} act={act} />
      <FieldError error={error} />
      {defi.players.length > 0 ? <BulkRemoval defi={defi} perNetwork={perNetwork} act={act} /> : null}
      <table className="defi-players">
        <caption>
          Joueurs ({defi.players.length}){flagged > 0 ? ` · ${DEFI_TEXT.flagged(flagged)}` : ""}
        </caption>
        <thead>
          <tr>
            <th scope="col">Nom</th>
            <th scope="col" className="num">
              Questions
            </th>
            <th scope="col" className="num">
              Points
            </th>
            <th scope="col">{DEFI_TEXT.joined}</th>
            <th scope="col">{DEFI_TEXT.network}</th>
            <th scope="col">{DEFI_TEXT.flags}</th>
            <th scope="col">
              <span className="sr-only">Actions</span>
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
                      aria-label={`Nouveau nom de ${p.name}`}
                      value={editing.name}
                      maxLength={DEFI_NAME_FIELD_MAX}
                      onChange={(e) => setEditing({ playerNo: p.playerNo, name: e.target.value })}
                    />
                    <button type="submit" className="button button-small">
                      Enregistrer
                    </button>
                  </form>
                ) : (
                  p.name
                )}
              </th>
              <td className="num">{p.played}</td>
              <td className="num">{formatPoints(p.points)}</td>
              <td>{formatPlayedAt(p.joinedAt)}</td>
              <td>
                <code>{p.network}</code>
              </td>
              <td>
                {p.flags.length > 0 ? (
                  <ul className="defi-flags">
                    {p.flags.map((f) => (
                      <li key={f}>{LINE_FLAG_LABELS[f]}</li>
                    ))}
                  </ul>
                ) : null}
              </td>
              <td className="defi-row-actions">
                <button type="button" className="button button-small button-secondary" onClick={() => setEditing({ playerNo: p.playerNo, name: p.name })}>
                  Renommer<span className="sr-only"> {p.name}</span>
                </button>
                <button type="button" className="button button-small button-danger" onClick={() => setRemoving(p)}>
                  {DEFI_TEXT.remove}
                  <span className="sr-only"> {p.name}</span>
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

/** Move the deadline or end the défi now; an ended défi is reopened with a new deadline. */
function DeadlineForm({ defi, act }: { defi: DefiAdmin; act: Act }) {
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
      <label htmlFor={`${ids}-deadline`}>Échéance</label>
      <input id={`${ids}-deadline`} type="datetime-local" value={deadline} onChange={(e) => setDeadline(e.target.value)} required />
      {defi.open ? (
        <>
          <button type="submit" className="button button-small">
            Changer l'échéance
          </button>
          <button type="button" className="button button-small button-danger" onClick={() => void act({ action: "end" })}>
            Terminer le défi maintenant
          </button>
        </>
      ) : (
        <>
          <button type="submit" className="button button-small" aria-describedby={`${ids}-reopen`}>
            {DEFI_TEXT.reopen}
          </button>
          <p id={`${ids}-reopen`} className="defi-hint">
            {DEFI_TEXT.reopenHint}
          </p>
        </>
      )}
    </form>
  );
}

type Bulk = { by: "network"; network: string } | { by: "time"; from: string; to: string } | { by: "flag"; flag: LineFlag };

/** Removes lines in bulk: all of one network, those that arrived in a time range, or those with a sign. */
function BulkRemoval({ defi, perNetwork, act }: { defi: DefiAdmin; perNetwork: Map<string, number>; act: Act }) {
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
      <summary>{DEFI_TEXT.bulkTitle}</summary>
      <form
        className="defi-bulk-form"
        onSubmit={(e) => {
          e.preventDefault();
          if (window.confirm(DEFI_TEXT.confirmBulk(matching))) void act(body);
        }}
      >
        <p className="defi-hint">{DEFI_TEXT.bulkHint}</p>
        <fieldset className="defi-bulk-by">
          <legend className="sr-only">{DEFI_TEXT.bulkTitle}</legend>
          {(["flag", "network", "time"] as const).map((b) => (
            <label key={b} className="defi-check">
              <input type="radio" name={`${ids}-by`} checked={by === b} onChange={() => setBy(b)} />
              {b === "flag" ? DEFI_TEXT.byFlag : b === "network" ? DEFI_TEXT.byNetwork : DEFI_TEXT.byTime}
            </label>
          ))}
        </fieldset>
        {by === "flag" ? (
          <label className="defi-bulk-field">
            {DEFI_TEXT.byFlag}
            <select value={flag} onChange={(e) => setFlag(e.target.value as LineFlag)}>
              {LINE_FLAGS.map((f) => (
                <option key={f} value={f}>
                  {LINE_FLAG_LABELS[f]}
                </option>
              ))}
            </select>
          </label>
        ) : by === "network" ? (
          <label className="defi-bulk-field">
            {DEFI_TEXT.byNetwork}
            <select value={network} onChange={(e) => setNetwork(e.target.value)}>
              {networks.map(([n, count]) => (
                <option key={n} value={n}>
                  {DEFI_TEXT.networkOption(n, count)}
                </option>
              ))}
            </select>
          </label>
        ) : (
          <div className="defi-bulk-range">
            <label className="defi-bulk-field">
              {DEFI_TEXT.from}
              <input type="datetime-local" value={from} onChange={(e) => setFrom(e.target.value)} required />
            </label>
            <label className="defi-bulk-field">
              {DEFI_TEXT.to}
              <input type="datetime-local" value={to} onChange={(e) => setTo(e.target.value)} required />
            </label>
          </div>
        )}
        <p role="status">{DEFI_TEXT.matching(matching)}</p>
        <button type="submit" className="button button-small button-danger" disabled={matching === 0}>
          {DEFI_TEXT.removeLines}
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
  const [network, setNetwork] = useState(shared <= 1);
  const [key, setKey] = useState(player?.playerNo);
  if (player?.playerNo !== key) {
    setKey(player?.playerNo);
    setNetwork(shared <= 1);
  }
  return (
    <Dialog open={player !== null} onClose={onClose} title={player ? DEFI_TEXT.removeTitle(player.name) : ""}>
      <form
        className="defi-form"
        onSubmit={(e) => {
          e.preventDefault();
          if (player) void act({ action: "remove", playerNo: player.playerNo, network }).then((ok) => ok && onClose());
        }}
      >
        <p>{DEFI_TEXT.removeBody}</p>
        <label className="defi-check">
          <input type="checkbox" checked={network} onChange={(e) => setNetwork(e.target.checked)} />
          {DEFI_TEXT.removeNetworkToo(shared)}
        </label>
        <DialogActions onCancel={onClose} submitLabel={DEFI_TEXT.remove} danger />
      </form>
    </Dialog>
  );
}

function countBy<T>(items: readonly T[], key: (item: T) => string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const item of items) counts.set(key(item), (counts.get(key(item)) ?? 0) + 1);
  return counts;
}
