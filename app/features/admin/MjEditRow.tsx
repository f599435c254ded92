// A game master's line opened for editing: its fields in the row, one form for all of them, Escape
// to give up.
import { useId, useState, type FormEvent } from "react";
import { MSG_MJ, type MjRow } from "@common/contracts/admin/types";
import type { Words } from "@common/i18n/ids";
import { MJ_NAME_MAX } from "@common/rules";
import { useT } from "~/components/I18n";
import { Avatar, DeleteCell } from "./MjTableRow";
import { blank, useMjSave } from "./useMjSave";

export function EditRow({
  mj,
  onCancel,
  onDone,
  onDelete,
}: {
  mj: MjRow;
  onCancel: () => void;
  onDone: (message: Words) => void;
  onDelete: () => void;
}) {
  const t = useT();
  const formId = useId();
  const errorId = `${formId}-error`;
  const { error, setError, busy, save } = useMjSave(onDone);
  const [photoName, setPhotoName] = useState<string | null>(null);
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    if (["name", "mail", "expiration"].some((f) => blank(form, f))) return setError(MSG_MJ.required);
    await save(form, "file");
  };
  const described = error ? errorId : undefined;
  const field = { form: formId, className: "field field-compact", "aria-describedby": described };
  return (
    <>
      <tr
        className="mj-editing"
        onKeyDown={(event) => {
          if (event.key === "Escape") onCancel();
        }}
      >
        <td>
          {/* eslint-disable-next-line jsx-a11y/no-autofocus -- the row just opened for editing: typing goes there */}
          <input {...field} name="name" defaultValue={mj.name} maxLength={MJ_NAME_MAX} required aria-label={t("admin.mj.nameOf", { name: mj.name })} autoFocus />
        </td>
        <td>
          <input {...field} name="mail" type="email" defaultValue={mj.mail} required aria-label={t("admin.mj.mailOf", { name: mj.name })} autoComplete="off" />
        </td>
        <td>
          <input
            {...field}
            name="password"
            type="password"
            placeholder={t("admin.mj.newPassword")}
            aria-label={t("admin.mj.newPasswordOf", { name: mj.name })}
            autoComplete="new-password"
          />
        </td>
        <td>
          <input {...field} name="expiration" type="date" defaultValue={mj.expirationDay ?? ""} required aria-label={t("admin.mj.expirationOf", { name: mj.name })} />
        </td>
        <td>
          <input
            {...field}
            name="nb_game"
            type="number"
            min={0}
            step={1}
            inputMode="numeric"
            defaultValue={mj.gamesLeft ?? ""}
            placeholder={t("admin.mj.unlimited")}
            aria-label={t("admin.mj.gamesOf", { name: mj.name })}
          />
        </td>
        <DeleteCell name={mj.name} onDelete={onDelete} />
        <td>
          <label className="check">
            <input form={formId} type="checkbox" name="edition" value="on" defaultChecked={mj.canEdit} />
            <span className="sr-only">{t("admin.mj.editionOf", { name: mj.name })}</span>
          </label>
        </td>
        <td>
          <div className="mj-photo-edit">
            <Avatar mj={mj} />
            <label className="file-button">
              <input
                form={formId}
                type="file"
                name="file"
                accept="image/jpeg,image/png,image/webp,image/gif"
                className="sr-only"
                onChange={(e) => setPhotoName(e.currentTarget.files?.[0]?.name ?? null)}
              />
              <span aria-hidden="true">{t("admin.mj.change")}</span>
              <span className="sr-only">{t("admin.mj.changePhotoOf", { name: mj.name })}</span>
            </label>
            {mj.photoUrl ? (
              <label className="check check-small">
                <input form={formId} type="checkbox" name="remove_photo" value="on" aria-label={t("admin.mj.removePhotoOf", { name: mj.name })} />{" "}
                {t("admin.mj.removePhoto")}
              </label>
            ) : null}
          </div>
          {photoName ? <span className="file-name">{photoName}</span> : null}
        </td>
        <td>
          <form id={formId} className="row-actions" noValidate onSubmit={submit}>
            <input type="hidden" name="id" value={mj.id} />
            <button type="submit" className="button button-small" disabled={busy}>
              {busy ? t("common.busy") : t("admin.mj.save")}
            </button>
            <button type="button" className="button button-small button-secondary" onClick={onCancel}>
              {t("dashboard.cancel")}
            </button>
          </form>
        </td>
      </tr>
      {error ? (
        <tr className="mj-error-row">
          <td colSpan={9}>
            <p id={errorId} className="field-error" role="alert">
              {t(error)}
            </p>
          </td>
        </tr>
      ) : null}
    </>
  );
}
