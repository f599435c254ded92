// A game master's line in the table as it shows (masked password, expiry, games left, picture),
// and the cells an edited line shares with it.
import type { MjRow } from "@common/contracts/admin/types";
import { formatInteger } from "@common/i18n/format";
import { useLocale, useT } from "~/components/I18n";

const MASK = "••••••";

export function Avatar({ mj }: { mj: Pick<MjRow, "name" | "photoUrl"> }) {
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

export function DisplayRow({ mj, onEdit, onDelete }: { mj: MjRow; onEdit: () => void; onDelete: () => void }) {
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

/** 'Supprimer' at the end of a row, shown or edited: it opens the confirmation. */
export function DeleteCell({ name, onDelete }: { name: string; onDelete: () => void }) {
  const t = useT();
  return (
    <td>
      <button type="button" className="button button-small button-danger-soft" onClick={onDelete} aria-label={t("admin.mj.deleteOf", { name })}>
        {t("admin.mj.delete")}
      </button>
    </td>
  );
}
