// Deleting a game master's account: what becomes of its quizzes and folders, and its games still
// running, said before the admin confirms.
import { useState } from "react";
import { transferFolderName, type MjRow } from "@common/contracts/admin/types";
import type { Translate, Words } from "@common/i18n/ids";
import { Dialog } from "~/components/Dialog";
import { FieldError } from "~/components/FieldError";
import { useT } from "~/components/I18n";
import { adminCall } from "./api";

export function DeleteDialog({ mj, onClose, onDone }: { mj: MjRow | null; onClose: () => void; onDone: (message: Words) => void }) {
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
