import type { FetcherWithComponents } from "@remix-run/react";
import type { ReactNode } from "react";
import { Dialog, DialogActions } from "./Dialog";

/** 'Supprimer' asks first, and says what goes with it. */
export function ConfirmDialog({
  open,
  onClose,
  title,
  children,
  confirmLabel,
  fetcher,
  fields,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  fetcher: FetcherWithComponents<unknown>;
  fields: Record<string, string>;
}) {
  return (
    <Dialog open={open} onClose={onClose} title={title}>
      <div className="dialog-text">{children}</div>
      <fetcher.Form method="post" onSubmit={onClose}>
        {Object.entries(fields).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <DialogActions onCancel={onClose} submitLabel={confirmLabel} danger />
      </fetcher.Form>
    </Dialog>
  );
}
