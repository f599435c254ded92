import { useRevalidator } from "@remix-run/react";
import { useId, useRef, useState, type FormEvent } from "react";
import { Dialog } from "~/components/Dialog";
import { Shell } from "~/components/Shell";
import { adminCall } from "./api";
import { useNotice } from "./Notice";
import { MSG_MJ, transferFolderName, type MjPageData, type MjRow } from "@common/contracts/admin/types";
import { formatInteger } from "@common/i18n/format";
import type { Translate, Words } from "@common/i18n/ids";
import { megabytes, MJ_NAME_MAX, PASSWORD_MIN, PICTURE_MAX_BYTES, PICTURE_TOO_LARGE } from "@common/rules";
import { FieldError } from "~/components/FieldError";
import { BackTitle } from "~/components/BackTitle";
import { useLocale, useT } from "~/components/I18n";

const MASK = "••••••";

/** A file chosen in a form, if any, and whether it is too big to send. */
function photoProblem(form: FormData, field: string): Words | null {
  const file = form.get(field);
  return file && typeof file !== "string" && file.size > PICTURE_MAX_BYTES ? PICTURE_TOO_LARGE : null;
}

const blank = (form: FormData, field: string) => String(form.get(field) ?? "").trim() === "";

/**
 * Sends the add or edit form once its picture fits; a refusal stays on the form, a success goes
 * up to the page's notice.
 */
function useMjSave(onDone: (message: Words) => void) {
  const [error, setError] = useState<Words | null>(null);
  const [busy, setBusy] = useState(false);
  const save = async (form: FormData, pictureField: string) => {
    const tooBig = photoProblem(form, pictureField);
    if (tooBig) return setError(tooBig);
    setBusy(true);
    const result = await adminCall("/api/pres/admin/mj", form);
    setBusy(false);
    if (result.ok) onDone(result.message);
    else setError(result.error);
  };
  return { error, setError, busy, save };
}

/**
 * /pres/mj: the game-master management table, admin only (docs/game-rules.md, Game masters' games).
 */
export function MjScreen({ data }: { data: MjPageData }) {
  const t = useT();
  const revalidator = useRevalidator();
  const [notice, showNotice] = useNotice();
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<number | null>(null);
  const [deleting, setDeleting] = useState<MjRow | null>(null);
  const addButton = useRef<HTMLButtonElement>(null);

  const done = (message: Words) => {
    showNotice(message);
    revalidator.revalidate();
  };

  return (
    <Shell side="admin" accountName={data.accountName}>
      <main className="dash-main admin-main" id="contenu">
        <div className="dash-head">
          <BackTitle back="/pres">{t("admin.mj.title")}</BackTitle>
          {adding ? null : (
            <button ref={addButton} type="button" className="button" onClick={() => setAdding(true)}>
              <PlusIcon /> {t("admin.mj.add")}
            </button>
          )}
        </div>
        <p className="screen-lead">{t("admin.mj.lead")}</p>

        {adding ? (
          <AddMjForm
            onCancel={() => {
              setAdding(false);
              requestAnimationFrame(() => addButton.current?.focus());
            }}
            onDone={(message) => {
              setAdding(false);
              done(message);
            }}
          />
        ) : null}

        {data.mjs.length ? (
          <div className="panel mj-panel" role="region" aria-labelledby="mj-caption" tabIndex={0}>
            <table className="mj-table">
              <caption id="mj-caption" className="sr-only">
                {t("admin.mj.caption", { n: data.mjs.length })}
              </caption>
              <thead>
                <tr>
                  <th scope="col">{t("admin.mj.name")}</th>
                  <th scope="col">{t("admin.mj.mail")}</th>
                  <th scope="col">{t("admin.mj.password")}</th>
                  <th scope="col">{t("admin.mj.expiration")}</th>
                  <th scope="col">{t("admin.mj.games")}</th>
                  <th scope="col">{t("admin.mj.delete")}</th>
                  <th scope="col">{t("admin.mj.edition")}</th>
                  <th scope="col">{t("admin.mj.photo")}</th>
                  <th scope="col">{t("admin.mj.actions")}</th>
                </tr>
              </thead>
              <tbody>
                {data.mjs.map((mj) =>
                  editing === mj.id ? (
                    <EditRow
                      key={mj.id}
                      mj={mj}
                      onCancel={() => setEditing(null)}
                      onDelete={() => setDeleting(mj)}
                      onDone={(message) => {
                        setEditing(null);
                        done(message);
                      }}
                    />
                  ) : (
                    <DisplayRow key={mj.id} mj={mj} onEdit={() => setEditing(mj.id)} onDelete={() => setDeleting(mj)} />
                  ),
                )}
              </tbody>
            </table>
          </div>
        ) : (
          <div className="empty">
            <p>{t("admin.mj.none")}</p>
          </div>
        )}
      </main>
      <DeleteDialog
        mj={deleting}
        onClose={() => setDeleting(null)}
        onDone={(message) => {
          if (editing === deleting?.id) setEditing(null);
          setDeleting(null);
          done(message);
        }}
      />
      {notice}
    </Shell>
  );
}

/** The add button's '➕' drawn, not typed: many systems have no emoji font and would show a box. */
function PlusIcon() {
  return (
    <svg aria-hidden="true" focusable="false" width={20} height={20} viewBox="0 0 24 24" className="plus-icon">
      <rect x="2" y="2" width="20" height="20" rx="5" fill="rgba(255,255,255,0.22)" />
      <path d="M12 6.5v11M6.5 12h11" stroke="currentColor" strokeWidth={3} strokeLinecap="round" />
    </svg>
  );
}

function Avatar({ mj }: { mj: Pick<MjRow, "name" | "photoUrl"> }) {
  const t = useT();
  return mj.photoUrl ? (
    <img className="mj-avatar" src={mj.photoUrl} alt={t("admin.mj.photoOf", { name: mj.name })} width={44} height={44} />
  ) : (
    <span className="mj-avatar mj-avatar-empty" role="img" aria-label={t("admin.mj.noPhoto", { name: mj.name })}>
      {mj.name.trim().charAt(0).toUpperCase() || "?"}
    </span>
  );
}

function Expiry({ mj }: { mj: MjRow }) {
  const t = useT();
  if (mj.expirationLabel === null) return <span className="expiry expiry-ok">{t("admin.mj.noLimit")}</span>;
  const day = mj.expirationLabel;
  return mj.expired ? (
    <span className="expiry expiry-past" title={t("admin.mj.expiredTitle")}>
      {day} <span className="expiry-word">{t("admin.mj.expired")}</span>
    </span>
  ) : (
    <span className="expiry expiry-ok" title={t("admin.mj.validTitle")}>
      {day}
    </span>
  );
}

function DisplayRow({ mj, onEdit, onDelete }: { mj: MjRow; onEdit: () => void; onDelete: () => void }) {
  const t = useT();
  const locale = useLocale();
  return (
    <tr>
      <th scope="row" className="mj-name">
        {mj.name}
      </th>
      <td className="mj-mail">{mj.mail}</td>
      <td>
        <span className="mj-mask" aria-hidden="true">
          {MASK}
        </span>
        <span className="sr-only">{t("admin.mj.masked")}</span>
      </td>
      <td>
        <Expiry mj={mj} />
      </td>
      <td className="mj-games">{mj.gamesLeft === null ? t("admin.mj.unlimited") : formatInteger(locale, mj.gamesLeft)}</td>
      <DeleteCell name={mj.name} onDelete={onDelete} />
      <td>
        <span className={mj.canEdit ? "pill pill-yes" : "pill pill-no"}>{t(mj.canEdit ? "admin.mj.yes" : "admin.mj.no")}</span>
      </td>
      <td>
        <Avatar mj={mj} />
      </td>
      <td>
        <button type="button" className="button button-small button-secondary" onClick={onEdit} aria-label={t("admin.mj.editOf", { name: mj.name })}>
          {t("admin.mj.edit")}
        </button>
      </td>
    </tr>
  );
}

function EditRow({
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

/** 'Supprimer' at the end of a row, shown or edited: it opens the confirmation. */
function DeleteCell({ name, onDelete }: { name: string; onDelete: () => void }) {
  const t = useT();
  return (
    <td>
      <button type="button" className="button button-small button-danger-soft" onClick={onDelete} aria-label={t("admin.mj.deleteOf", { name })}>
        {t("admin.mj.delete")}
      </button>
    </td>
  );
}

function AddMjForm({ onCancel, onDone }: { onCancel: () => void; onDone: (message: Words) => void }) {
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

function DeleteDialog({ mj, onClose, onDone }: { mj: MjRow | null; onClose: () => void; onDone: (message: Words) => void }) {
  const t = useT();
  const [error, setError] = useState<Words | null>(null);
  const [busy, setBusy] = useState(false);
  const close = () => {
    setError(null);
    onClose();
  };
  return (
    <Dialog open={mj !== null} onClose={close} title={mj ? t("admin.mj.deleteTitle", { name: mj.name }) : t("admin.mj.delete")}>
      {mj ? (
        <>
          <div className="dialog-text">
            <p>{t("admin.mj.deleteLogin", { name: mj.name })}</p>
            <p>{transferText(mj, t)}</p>
            {mj.liveGames > 0 ? <p className="warning">{t("admin.mj.liveGames", { n: mj.liveGames })}</p> : null}
          </div>
          <FieldError error={error} />
          <div className="dialog-actions">
            <button type="button" className="button button-secondary" onClick={close}>
              {t("dashboard.cancel")}
            </button>
            <button
              type="button"
              className="button button-danger"
              disabled={busy}
              onClick={async () => {
                setBusy(true);
                const result = await adminCall(`/api/pres/admin/mj/delete/${mj.id}`);
                setBusy(false);
                if (result.ok) {
                  setError(null);
                  onDone(result.message);
                } else setError(result.error);
              }}
            >
              {busy ? t("common.busy") : t("admin.mj.delete")}
            </button>
          </div>
        </>
      ) : null}
    </Dialog>
  );
}

/** Where a deleted MJ's quizzes and folders go: « Rien n'est perdu : ses 3 quiz et son dossier seront transférés… ». */
function transferText(mj: MjRow, t: Translate): string {
  const values = { quizzes: mj.quizCount, folders: mj.folderCount, folder: transferFolderName(mj.name, t) };
  if (mj.quizCount && mj.folderCount) return t("admin.mj.transferBoth", values);
  if (mj.quizCount) return t("admin.mj.transferQuizzes", values);
  if (mj.folderCount) return t("admin.mj.transferFolders", values);
  return t("admin.mj.nothingToMove");
}
