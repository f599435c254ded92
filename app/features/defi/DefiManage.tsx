import { useRevalidator } from "@remix-run/react";
import { useId, useState } from "react";
import type { DefiAdmin } from "@common/defi/types";
import { formatPlayedAt } from "@common/dashboard/format";
import { DEFI_NAME_FIELD_MAX } from "@common/rules";
import { FieldError } from "~/components/FieldError";
import { formatPoints } from "~/features/presenter/format";
import { DefiLink } from "./DefiLink";
import { fromLocalInput, postDefi, toLocalInput } from "./share";

/**
 * A défi in its report, for its owner and the admin: the link and QR code, the deadline (moved,
 * or the défi ended now), and each player's line (renamed, or removed with its answers).
 */
export function DefiManage({ defi, quizName }: { defi: DefiAdmin; quizName: string }) {
  const ids = useId();
  const revalidator = useRevalidator();
  const [deadline, setDeadline] = useState(() => toLocalInput(defi.deadline));
  const [error, setError] = useState<string | null>(null);
  const [editing, setEditing] = useState<{ playerNo: number; name: string } | null>(null);

  const act = async (body: Record<string, unknown>) => {
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
      {defi.open ? <DefiLink path={defi.path} title={quizName} /> : null}
      {defi.open ? (
        <form
          className="defi-deadline"
          onSubmit={(e) => {
            e.preventDefault();
            void act({ action: "deadline", deadline: fromLocalInput(deadline) });
          }}
        >
          <label htmlFor={`${ids}-deadline`}>Échéance</label>
          <input id={`${ids}-deadline`} type="datetime-local" value={deadline} onChange={(e) => setDeadline(e.target.value)} required />
          <button type="submit" className="button button-small">
            Changer l'échéance
          </button>
          <button type="button" className="button button-small button-danger" onClick={() => void act({ action: "end" })}>
            Terminer le défi maintenant
          </button>
        </form>
      ) : null}
      <FieldError error={error} />
      <table className="defi-players">
        <caption>Joueurs ({defi.players.length})</caption>
        <thead>
          <tr>
            <th scope="col">Nom</th>
            <th scope="col" className="num">
              Questions
            </th>
            <th scope="col" className="num">
              Points
            </th>
            <th scope="col">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {defi.players.map((p) => (
            <tr key={p.playerNo}>
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
              <td className="defi-row-actions">
                <button type="button" className="button button-small button-secondary" onClick={() => setEditing({ playerNo: p.playerNo, name: p.name })}>
                  Renommer<span className="sr-only"> {p.name}</span>
                </button>
                <button
                  type="button"
                  className="button button-small button-danger"
                  onClick={() => {
                    if (window.confirm(`Retirer « ${p.name} » et ses réponses du défi ?`)) void act({ action: "remove", playerNo: p.playerNo });
                  }}
                >
                  Retirer<span className="sr-only"> {p.name}</span>
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
