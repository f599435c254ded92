import { useRevalidator } from "@remix-run/react";
import { useRef, useState } from "react";
import { Shell } from "~/components/Shell";
import { useNotice } from "./Notice";
import type { MjPageData, MjRow } from "@common/contracts/admin/types";
import type { Words } from "@common/i18n/ids";
import { BackTitle } from "~/components/BackTitle";
import { useT } from "~/components/I18n";
import { AddMjForm } from "./AddMjForm";
import { DeleteDialog } from "./MjDeleteDialog";
import { EditRow } from "./MjEditRow";
import { DisplayRow } from "./MjTableRow";

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
