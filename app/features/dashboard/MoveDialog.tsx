import { useId } from "react";
import type { FetcherWithComponents } from "@remix-run/react";
import { Dialog, DialogActions } from "~/components/Dialog";

/** The folder chooser of 'Déplacer'. */
export function MoveDialog({
  open,
  onClose,
  title,
  targets,
  fetcher,
  hidden,
  intent,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  targets: { id: number; label: string }[];
  fetcher: FetcherWithComponents<unknown>;
  hidden: Record<string, string>;
  intent: string;
}) {
  const selectId = useId();
  return (
    <Dialog open={open} onClose={onClose} title={title}>
      {targets.length === 0 ? (
        <>
          <p>Aucun dossier ne peut l'accueillir. Créez d'abord un dossier avec « Créer un dossier ».</p>
          <div className="dialog-actions">
            <button type="button" className="button button-secondary" onClick={onClose}>
              Fermer
            </button>
          </div>
        </>
      ) : (
        <fetcher.Form method="post" onSubmit={onClose}>
          <input type="hidden" name="intent" value={intent} />
          {Object.entries(hidden).map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          <label htmlFor={selectId}>Dossier de destination</label>
          <select id={selectId} name="targetId" required className="field" defaultValue={String(targets[0].id)}>
            {targets.map((t) => (
              <option key={t.id} value={t.id}>
                {t.label}
              </option>
            ))}
          </select>
          <DialogActions onCancel={onClose} submitLabel="Déplacer" />
        </fetcher.Form>
      )}
    </Dialog>
  );
}
