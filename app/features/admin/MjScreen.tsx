import { useRevalidator } from "@remix-run/react";
import { useId, useRef, useState, type FormEvent } from "react";
import { Dialog } from "~/components/Dialog";
import { Shell } from "~/components/Shell";
import { adminCall } from "./api";
import { useNotice } from "./Notice";
import { MSG_MJ, transferFolderName, type MjPageData, type MjRow } from "@common/admin/types";
import { megabytes, MJ_NAME_MAX, PASSWORD_MIN, PICTURE_MAX_BYTES, PICTURE_TOO_LARGE } from "@common/rules";
import { FieldError } from "~/components/FieldError";
import { BackTitle } from "~/components/BackTitle";

const MASK = "••••••";

/** A file chosen in a form, if any, and whether it is too big to send. */
function photoProblem(form: FormData, field: string): string | null {
  const file = form.get(field);
  return file && typeof file !== "string" && file.size > PICTURE_MAX_BYTES ? PICTURE_TOO_LARGE : null;
}

const blank = (form: FormData, field: string) => String(form.get(field) ?? "").trim() === "";

/**
 * Sends the add or edit form once its picture fits; a refusal stays on the form, a success goes
 * up to the page's notice.
 */
function useMjSave(onDone: (message: string) => void) {
  const [error, setError] = useState<string | null>(null);
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
  const revalidator = useRevalidator();
  const [notice, showNotice] = useNotice();
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<number | null>(null);
  const [deleting, setDeleting] = useState<MjRow | null>(null);
  const addButton = useRef<HTMLButtonElement>(null);

  const done = (message: string) => {
    showNotice(message);
    revalidator.revalidate();
  };

  return (
    <Shell side="admin" accountName={data.accountName}>
      <main className="dash-main admin-main" id="contenu">
        <div className="dash-head">
          <BackTitle back="/pres">Maîtres du jeu</BackTitle>
          {adding ? null : (
            <button ref={addButton} type="button" className="button" onClick={() => setAdding(true)}>
              <PlusIcon /> Ajouter un MJ
            </button>
          )}
        </div>
        <p className="screen-lead">
          Les maîtres du jeu créent et lancent leurs propres quiz. Un compte expiré ne peut plus se connecter ; le nombre
          de parties diminue à chaque partie lancée (vide = illimité).
        </p>

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
                Maîtres du jeu ({data.mjs.length})
              </caption>
              <thead>
                <tr>
                  <th scope="col">Nom</th>
                  <th scope="col">Mail</th>
                  <th scope="col">Mot de passe</th>
                  <th scope="col">Expiration</th>
                  <th scope="col">Parties</th>
                  <th scope="col">Supprimer</th>
                  <th scope="col">Mode édition</th>
                  <th scope="col">Photo</th>
                  <th scope="col">Actions</th>
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
            <p>Aucun maître du jeu pour l'instant.</p>
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
  return mj.photoUrl ? (
    <img className="mj-avatar" src={mj.photoUrl} alt={`Photo de ${mj.name}`} width={44} height={44} />
  ) : (
    <span className="mj-avatar mj-avatar-empty" role="img" aria-label={`${mj.name} n'a pas de photo`}>
      {mj.name.trim().charAt(0).toUpperCase() || "?"}
    </span>
  );
}

function Expiry({ mj }: { mj: MjRow }) {
  if (!mj.expirationLabel) return <span className="expiry expiry-ok">Sans limite</span>;
  return mj.expired ? (
    <span className="expiry expiry-past" title="Ce compte a expiré : connexion refusée">
      {mj.expirationLabel} <span className="expiry-word">expiré</span>
    </span>
  ) : (
    <span className="expiry expiry-ok" title="Compte valide">
      {mj.expirationLabel}
    </span>
  );
}

function DisplayRow({ mj, onEdit, onDelete }: { mj: MjRow; onEdit: () => void; onDelete: () => void }) {
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
        <span className="sr-only">Mot de passe masqué</span>
      </td>
      <td>
        <Expiry mj={mj} />
      </td>
      <td className="mj-games">{mj.gamesLeft === null ? "Illimité" : mj.gamesLeft}</td>
      <DeleteCell name={mj.name} onDelete={onDelete} />
      <td>
        <span className={mj.canEdit ? "pill pill-yes" : "pill pill-no"}>{mj.canEdit ? "Oui" : "Non"}</span>
      </td>
      <td>
        <Avatar mj={mj} />
      </td>
      <td>
        <button type="button" className="button button-small button-secondary" onClick={onEdit} aria-label={`Modifier ${mj.name}`}>
          Modifier
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
  onDone: (message: string) => void;
  onDelete: () => void;
}) {
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
          <input {...field} name="name" defaultValue={mj.name} maxLength={MJ_NAME_MAX} required aria-label={`Nom de ${mj.name}`} autoFocus />
        </td>
        <td>
          <input {...field} name="mail" type="email" defaultValue={mj.mail} required aria-label={`Mail de ${mj.name}`} autoComplete="off" />
        </td>
        <td>
          <input
            {...field}
            name="password"
            type="password"
            placeholder="Nouveau mot de passe"
            aria-label={`Nouveau mot de passe de ${mj.name} (vide : inchangé)`}
            autoComplete="new-password"
          />
        </td>
        <td>
          <input {...field} name="expiration" type="date" defaultValue={mj.expirationDay ?? ""} required aria-label={`Expiration de ${mj.name}`} />
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
            placeholder="Illimité"
            aria-label={`Parties restantes de ${mj.name} (vide : illimité)`}
          />
        </td>
        <DeleteCell name={mj.name} onDelete={onDelete} />
        <td>
          <label className="check">
            <input form={formId} type="checkbox" name="edition" value="on" defaultChecked={mj.canEdit} />
            <span className="sr-only">Mode édition de {mj.name}</span>
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
              <span aria-hidden="true">Changer…</span>
              <span className="sr-only">Changer la photo de {mj.name}</span>
            </label>
            {mj.photoUrl ? (
              <label className="check check-small">
                <input form={formId} type="checkbox" name="remove_photo" value="on" /> Retirer
              </label>
            ) : null}
          </div>
          {photoName ? <span className="file-name">{photoName}</span> : null}
        </td>
        <td>
          <form id={formId} className="row-actions" noValidate onSubmit={submit}>
            <input type="hidden" name="id" value={mj.id} />
            <button type="submit" className="button button-small" disabled={busy}>
              {busy ? "..." : "Enregistrer"}
            </button>
            <button type="button" className="button button-small button-secondary" onClick={onCancel}>
              Annuler
            </button>
          </form>
        </td>
      </tr>
      {error ? (
        <tr className="mj-error-row">
          <td colSpan={9}>
            <p id={errorId} className="field-error" role="alert">
              {error}
            </p>
          </td>
        </tr>
      ) : null}
    </>
  );
}

/** 'Supprimer' at the end of a row, shown or edited: it opens the confirmation. */
function DeleteCell({ name, onDelete }: { name: string; onDelete: () => void }) {
  return (
    <td>
      <button type="button" className="button button-small button-danger-soft" onClick={onDelete} aria-label={`Supprimer ${name}`}>
        Supprimer
      </button>
    </td>
  );
}

function AddMjForm({ onCancel, onDone }: { onCancel: () => void; onDone: (message: string) => void }) {
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
      <h2 id={`${ids}-title`}>Ajouter un MJ</h2>
      <form noValidate onSubmit={submit} className="add-mj-form">
        <div className="add-mj-grid">
          <label htmlFor={`${ids}-name`}>
            Nom <span className="req" aria-hidden="true">*</span>
          </label>
          {/* eslint-disable-next-line jsx-a11y/no-autofocus -- the form the admin just opened: typing goes there */}
          <input id={`${ids}-name`} name="name" className="field" required maxLength={MJ_NAME_MAX} autoComplete="off" autoFocus aria-describedby={described} />
          <label htmlFor={`${ids}-mail`}>
            Mail <span className="req" aria-hidden="true">*</span>
          </label>
          <input id={`${ids}-mail`} name="mail" type="email" className="field" required autoComplete="off" aria-describedby={described} />
          <label htmlFor={`${ids}-password`}>
            Mot de passe <span className="req" aria-hidden="true">*</span>
          </label>
          <input id={`${ids}-password`} name="password" type="password" className="field" required autoComplete="new-password" minLength={PASSWORD_MIN} aria-describedby={described} />
          <label htmlFor={`${ids}-expiration`}>
            Expiration <span className="req" aria-hidden="true">*</span>
          </label>
          <input id={`${ids}-expiration`} name="expiration" type="date" className="field" required aria-describedby={described} />
          <label htmlFor={`${ids}-games`}>Parties</label>
          <input
            id={`${ids}-games`}
            name="nb_game"
            type="number"
            min={0}
            step={1}
            inputMode="numeric"
            className="field"
            placeholder="Illimité"
            aria-describedby={`${ids}-games-hint`}
          />
          <span id={`${ids}-games-hint`} className="hint">
            Nombre de parties que ce MJ pourra lancer ; vide = illimité.
          </span>
          <span className="add-mj-label">Mode édition</span>
          <label className="check">
            <input type="checkbox" name="edition" value="on" /> Peut modifier ses quiz
          </label>
          <span className="add-mj-label">Photo</span>
          <div className="add-mj-photo">
            <label className="file-button">
              <input
                type="file"
                name="photo_file"
                accept="image/jpeg,image/png,image/webp,image/gif"
                className="sr-only"
                onChange={(e) => setPhotoName(e.currentTarget.files?.[0]?.name ?? null)}
              />
              Choisir une photo
            </label>
            <span className="file-name">{photoName ?? `JPEG, PNG, WebP ou GIF, ${megabytes(PICTURE_MAX_BYTES)} au plus`}</span>
          </div>
        </div>
        {error ? (
          <p id={`${ids}-error`} className="field-error form-alert" role="alert">
            {error}
          </p>
        ) : null}
        <p className="hint">
          <span aria-hidden="true">*</span> champs obligatoires
        </p>
        <div className="form-actions">
          <button type="button" className="button button-secondary" onClick={onCancel}>
            Annuler
          </button>
          <button type="submit" className="button" disabled={busy}>
            {busy ? "..." : "Ajouter"}
          </button>
        </div>
      </form>
    </section>
  );
}

function DeleteDialog({ mj, onClose, onDone }: { mj: MjRow | null; onClose: () => void; onDone: (message: string) => void }) {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const close = () => {
    setError(null);
    onClose();
  };
  return (
    <Dialog open={mj !== null} onClose={close} title={mj ? `Supprimer « ${mj.name} » ?` : "Supprimer"}>
      {mj ? (
        <>
          <div className="dialog-text">
            <p>{mj.name} ne pourra plus se connecter.</p>
            <p>
              {mj.quizCount + mj.folderCount > 0 ? (
                `Rien n'est perdu : ${transferSummary(mj)} à l'administrateur, dans un nouveau dossier « ${transferFolderName(mj.name)} ».`
              ) : (
                "Ce compte n'a ni quiz ni dossier."
              )}
            </p>
            {mj.liveGames > 0 ? (
              <p className="warning">
                {mj.liveGames > 1 ? `Ses ${mj.liveGames} parties en cours seront terminées.` : "Sa partie en cours sera terminée."}
              </p>
            ) : null}
          </div>
          <FieldError error={error} />
          <div className="dialog-actions">
            <button type="button" className="button button-secondary" onClick={close}>
              Annuler
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
              {busy ? "..." : "Supprimer"}
            </button>
          </div>
        </>
      ) : null}
    </Dialog>
  );
}

/** 'ses 3 quiz et son dossier seront transférés', 'son quiz sera transféré'. */
function transferSummary(mj: MjRow): string {
  const parts = [];
  if (mj.quizCount) parts.push(mj.quizCount > 1 ? `ses ${mj.quizCount} quiz` : "son quiz");
  if (mj.folderCount) parts.push(mj.folderCount > 1 ? `ses ${mj.folderCount} dossiers` : "son dossier");
  const one = mj.quizCount + mj.folderCount === 1;
  return `${parts.join(" et ")} ${one ? "sera transféré" : "seront transférés"}`;
}
