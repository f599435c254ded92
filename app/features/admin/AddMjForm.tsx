// The form that adds a game master's account, its first missing field focused when it is refused.
import { useId, useState, type FormEvent } from "react";
import { MSG_MJ } from "@common/contracts/admin/types";
import type { Words } from "@common/i18n/ids";
import { megabytes, MJ_NAME_MAX, PASSWORD_MIN, PICTURE_MAX_BYTES } from "@common/rules";
import { useT } from "~/components/I18n";
import { blank, useMjSave } from "./useMjSave";

export function AddMjForm({ onCancel, onDone }: { onCancel: () => void; onDone: (message: Words) => void }) {
  const t = useT();
  const ids = useId();
  const { error, setError, busy, save } = useMjSave(onDone);
  const [photoName, setPhotoName] = useState<string | null>(null);
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const formEl = event.currentTarget;
    const form = new FormData(formEl);
    const missing = ["name", "mail", "password", "expiration"].find((f) => blank(form, f));
    if (missing) {
      setError(MSG_MJ.required);
      formEl.querySelector<HTMLInputElement>(`[name="${missing}"]`)?.focus();
      return;
    }
    await save(form, "photo_file");
  };
  const described = error ? `${ids}-error` : undefined;
  return (
    <section className="panel add-mj" aria-labelledby={`${ids}-title`}>
      <h2 id={`${ids}-title`}>{t("admin.mj.add")}</h2>
      <form noValidate onSubmit={submit} className="add-mj-form">
        <div className="add-mj-grid">
          <label htmlFor={`${ids}-name`}>
            {t("admin.mj.name")} <span className="req" aria-hidden="true">*</span>
          </label>
          {/* eslint-disable-next-line jsx-a11y/no-autofocus -- the form the admin just opened: typing goes there */}
          <input id={`${ids}-name`} name="name" className="field" required maxLength={MJ_NAME_MAX} autoComplete="off" autoFocus aria-describedby={described} />
          <label htmlFor={`${ids}-mail`}>
            {t("admin.mj.mail")} <span className="req" aria-hidden="true">*</span>
          </label>
          <input id={`${ids}-mail`} name="mail" type="email" className="field" required autoComplete="off" aria-describedby={described} />
          <label htmlFor={`${ids}-password`}>
            {t("admin.mj.password")} <span className="req" aria-hidden="true">*</span>
          </label>
          <input id={`${ids}-password`} name="password" type="password" className="field" required autoComplete="new-password" minLength={PASSWORD_MIN} aria-describedby={described} />
          <label htmlFor={`${ids}-expiration`}>
            {t("admin.mj.expiration")} <span className="req" aria-hidden="true">*</span>
          </label>
          <input id={`${ids}-expiration`} name="expiration" type="date" className="field" required aria-describedby={described} />
          <label htmlFor={`${ids}-games`}>{t("admin.mj.games")}</label>
          <input
            id={`${ids}-games`}
            name="nb_game"
            type="number"
            min={0}
            step={1}
            inputMode="numeric"
            className="field"
            placeholder={t("admin.mj.unlimited")}
            aria-describedby={`${ids}-games-hint`}
          />
          <span id={`${ids}-games-hint`} className="hint">
            {t("admin.mj.gamesHint")}
          </span>
          <span className="add-mj-label">{t("admin.mj.edition")}</span>
          <label className="check">
            <input type="checkbox" name="edition" value="on" /> {t("admin.mj.canEditQuizzes")}
          </label>
          <span className="add-mj-label">{t("admin.mj.photo")}</span>
          <div className="add-mj-photo">
            <label className="file-button">
              <input
                type="file"
                name="photo_file"
                accept="image/jpeg,image/png,image/webp,image/gif"
                className="sr-only"
                onChange={(e) => setPhotoName(e.currentTarget.files?.[0]?.name ?? null)}
              />
              {t("admin.mj.choosePhoto")}
            </label>
            <span className="file-name">{photoName ?? t("admin.mj.photoHint", { mb: megabytes(PICTURE_MAX_BYTES) })}</span>
          </div>
        </div>
        {error ? (
          <p id={`${ids}-error`} className="field-error form-alert" role="alert">
            {t(error)}
          </p>
        ) : null}
        <p className="hint">
          <span aria-hidden="true">*</span> {t("admin.mj.requiredNote")}
        </p>
        <div className="form-actions">
          <button type="button" className="button button-secondary" onClick={onCancel}>
            {t("dashboard.cancel")}
          </button>
          <button type="submit" className="button" disabled={busy}>
            {busy ? t("common.busy") : t("admin.mj.submitAdd")}
          </button>
        </div>
      </form>
    </section>
  );
}
