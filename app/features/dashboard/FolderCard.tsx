import { Link } from "@remix-run/react";
import { useId, useRef, useState } from "react";
import { CardMeta } from "./CardMeta";
import { ConfirmDialog } from "~/components/ConfirmDialog";
import { folderUrl, moveTargets } from "@common/contracts/dashboard/format";
import { Icon } from "~/components/Icon";
import { IntentMenuButton, Menu, MenuButton } from "~/components/Menu";
import { MoveDialog } from "./MoveDialog";
import { NameDialog } from "./NameDialog";
import { useActionFetcher } from "~/components/Toast";
import type { FolderCardData, Side, TreeFolder } from "@common/contracts/dashboard/types";
import type { Translate } from "@common/i18n/ids";
import { useT } from "~/components/I18n";

type Open = null | "move" | "delete" | "rename";

export function FolderCard({
  folder,
  side,
  tree,
  parentId,
  owner,
}: {
  folder: FolderCardData;
  side: Side;
  tree: TreeFolder[];
  parentId: number | null;
  /** Shown to the admin on other accounts' folders. */
  owner: string | null;
}) {
  const t = useT();
  const fetcher = useActionFetcher();
  const picture = useActionFetcher();
  const [open, setOpen] = useState<Open>(null);
  const form = useRef<HTMLFormElement>(null);
  const inputId = useId();
  const href = folderUrl(side, folder);
  const busy = fetcher.state !== "idle" || picture.state !== "idle";
  const contents = t("dashboard.folder.contents", { folders: folder.folderCount, quizzes: folder.quizCount });
  const hidden = { folderId: String(folder.id) };

  return (
    <article className="card folder-card" aria-busy={busy} data-folder={folder.name}>
      <picture.Form method="post" encType="multipart/form-data" ref={form} className="folder-picture">
        <input type="hidden" name="intent" value="folderPicture" />
        <input type="hidden" name="folderId" value={folder.id} />
        <input
          id={inputId}
          className="sr-only"
          type="file"
          name="picture"
          accept="image/jpeg,image/png,image/webp,image/gif"
          onChange={(event) => {
            if (event.currentTarget.files?.length) picture.submit(form.current);
          }}
        />
        <label htmlFor={inputId} title={t("dashboard.folder.pictureTitle")}>
          {folder.pictureUrl ? (
            <img src={folder.pictureUrl} alt="" loading="lazy" />
          ) : (
            <span className="folder-placeholder">
              <Icon name="folder" size={44} />
            </span>
          )}
          <span className="folder-picture-hint">
            <Icon name="image" /> {picture.state !== "idle" ? t("dashboard.folder.sending") : t("dashboard.folder.changePicture", { name: folder.name })}
          </span>
        </label>
      </picture.Form>
      <div className="card-body">
        <div className="card-title-row">
          <h3 className="card-title">
            <Link to={href} className="stretched">
              {folder.name}
            </Link>
          </h3>
          <Menu label={t("dashboard.folder.menu", { name: folder.name })}>
            {(close) => (
              <>
                <MenuButton onSelect={() => (close(), setOpen("rename"))}>{t("dashboard.menu.rename")}</MenuButton>
                <MenuButton onSelect={() => (close(), setOpen("move"))}>{t("dashboard.menu.move")}</MenuButton>
                <IntentMenuButton close={close} fetcher={fetcher} fields={{ intent: "duplicateFolder", ...hidden }}>
                  {t("dashboard.menu.duplicate")}
                </IntentMenuButton>
                {parentId !== null ? (
                  <IntentMenuButton close={close} fetcher={fetcher} fields={{ intent: "rootFolder", ...hidden }}>
                    {t("dashboard.menu.toRoot")}
                  </IntentMenuButton>
                ) : null}
                <MenuButton danger onSelect={() => (close(), setOpen("delete"))}>
                  {t("dashboard.menu.delete")}
                </MenuButton>
              </>
            )}
          </Menu>
        </div>
        <CardMeta owner={owner}>{contents}</CardMeta>
      </div>

      <NameDialog
        open={open === "rename"}
        onClose={() => setOpen(null)}
        title={t("dashboard.folder.renameTitle")}
        submitLabel={t("dashboard.menu.rename")}
        initial={folder.name}
        fetcher={fetcher}
        fields={{ intent: "renameFolder", ...hidden }}
      />
      <MoveDialog
        open={open === "move"}
        onClose={() => setOpen(null)}
        title={t("dashboard.folder.moveTitle", { name: folder.name })}
        targets={moveTargets(tree, { ownerId: folder.ownerId, currentFolderId: parentId, folderId: folder.id })}
        fetcher={fetcher}
        hidden={hidden}
        intent="moveFolder"
      />
      <ConfirmDialog
        open={open === "delete"}
        onClose={() => setOpen(null)}
        title={t("dashboard.folder.deleteTitle")}
        confirmLabel={t("dashboard.menu.delete")}
        fetcher={fetcher}
        fields={{ intent: "deleteFolder", ...hidden }}
      >
        <p>{deleteQuestion(folder, t)}</p>
        {folder.subtreeQuizzes || folder.subtreeFolders ? <p className="warning">{t("dashboard.folder.deleteWarning")}</p> : null}
      </ConfirmDialog>
    </article>
  );
}

function deleteQuestion(folder: Pick<FolderCardData, "name" | "subtreeFolders" | "subtreeQuizzes">, t: Translate): string {
  if (!folder.subtreeFolders && !folder.subtreeQuizzes) return t("dashboard.folder.deleteEmpty", { name: folder.name });
  return t("dashboard.folder.deleteFull", { name: folder.name, quizzes: folder.subtreeQuizzes, folders: folder.subtreeFolders });
}
