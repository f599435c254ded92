import type { FetcherWithComponents } from "@remix-run/react";
import { useId, useState } from "react";
import { FOLDER_NAME_MAX } from "@common/rules";
import { Dialog, DialogActions } from "~/components/Dialog";
import { FieldError } from "~/components/FieldError";
import { useT } from "~/components/I18n";
import type { Words } from "@common/i18n/ids";
import { m } from "@common/i18n/words";

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
  const t = useT();
  const inputId = useId();
  const errorId = useId();
  const [error, setError] = useState<Words | null>(null);
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
            setError(m("dashboard.folder.nameRequired"));
            return;
          }
          setError(null);
          onClose();
        }}
      >
        {Object.entries(fields).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <label htmlFor={inputId}>{t("dashboard.folder.name")}</label>
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
