import type { FetcherWithComponents } from "@remix-run/react";
import { useId, useState } from "react";
import { FOLDER_NAME_MAX } from "@common/rules";
import { Dialog, DialogActions } from "~/components/Dialog";
import { FieldError } from "~/components/FieldError";

/** 'Créer un dossier' and 'Renommer': one required name. */
export function NameDialog({
  open,
  onClose,
  title,
  submitLabel,
  initial = "",
  fetcher,
  fields,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  submitLabel: string;
  initial?: string;
  fetcher: FetcherWithComponents<unknown>;
  fields: Record<string, string>;
}) {
  const inputId = useId();
  const errorId = useId();
  const [error, setError] = useState<string | null>(null);
  return (
    <Dialog
      open={open}
      onClose={() => {
        setError(null);
        onClose();
      }}
      title={title}
    >
      <fetcher.Form
        method="post"
        noValidate
        onSubmit={(event) => {
          const name = String(new FormData(event.currentTarget).get("name") ?? "").trim();
          if (!name) {
            event.preventDefault();
            setError("Le nom du dossier est obligatoire");
            return;
          }
          setError(null);
          onClose();
        }}
      >
        {Object.entries(fields).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <label htmlFor={inputId}>Nom du dossier</label>
        <input
          id={inputId}
          name="name"
          className="field"
          defaultValue={initial}
          maxLength={FOLDER_NAME_MAX}
          autoComplete="off"
          required
          // eslint-disable-next-line jsx-a11y/no-autofocus -- the dialog just opened asks for this one field
          autoFocus
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
        />
        <FieldError error={error} id={errorId} />
        <DialogActions onCancel={onClose} submitLabel={submitLabel} />
      </fetcher.Form>
    </Dialog>
  );
}
