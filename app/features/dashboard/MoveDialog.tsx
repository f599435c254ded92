import { useId } from "react";
import type { FetcherWithComponents } from "@remix-run/react";
import { Dialog, DialogActions } from "~/components/Dialog";
import { useT } from "~/components/I18n";

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
  const t = useT();
  const selectId = useId();
  return (
    <Dialog open={open} onClose={onClose} title={title}>
      {targets.length === 0 ? (
        <>
          <p>{t("dashboard.move.none")}</p>
          <div className="dialog-actions">
            <button type="button" className="button button-secondary" onClick={onClose}>
              {t("dashboard.close")}
            </button>
          </div>
        </>
      ) : (
        <fetcher.Form method="post" onSubmit={onClose}>
          <input type="hidden" name="intent" value={intent} />
          {Object.entries(hidden).map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          <label htmlFor={selectId}>{t("dashboard.move.target")}</label>
          <select id={selectId} name="targetId" required className="field" defaultValue={String(targets[0].id)}>
            {targets.map((target) => (
              <option key={target.id} value={target.id}>
                {target.label}
              </option>
            ))}
          </select>
          <DialogActions onCancel={onClose} submitLabel={t("dashboard.menu.move")} />
        </fetcher.Form>
      )}
    </Dialog>
  );
}
