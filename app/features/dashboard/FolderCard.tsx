import { Link } from "@remix-run/react";
import { useId, useRef, useState } from "react";
import { CardMeta } from "./CardMeta";
import { ConfirmDialog } from "~/components/ConfirmDialog";
import { folderUrl, moveTargets, plural } from "@common/dashboard/format";
import { Icon } from "~/components/Icon";
import { IntentMenuButton, Menu, MenuButton } from "~/components/Menu";
import { MoveDialog } from "./MoveDialog";
import { NameDialog } from "./NameDialog";
import { useActionFetcher } from "~/components/Toast";
import type { FolderCardData, Side, TreeFolder } from "@common/dashboard/types";

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
  const fetcher = useActionFetcher();
  const picture = useActionFetcher();
  const [open, setOpen] = useState<Open>(null);
  const form = useRef<HTMLFormElement>(null);
  const inputId = useId();
  const href = folderUrl(side, folder);
  const busy = fetcher.state !== "idle" || picture.state !== "idle";
  const contents = [
    folder.folderCount ? plural(folder.folderCount, "dossier", "dossiers") : null,
    plural(folder.quizCount, "quiz", "quiz"),
  ]
    .filter(Boolean)
    .join(" · ");
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
        <label htmlFor={inputId} title="Changer l'image du dossier">
          {folder.pictureUrl ? (
            <img src={folder.pictureUrl} alt="" loading="lazy" />
          ) : (
            <span className="folder-placeholder">
              <Icon name="folder" size={44} />
            </span>
          )}
          <span className="folder-picture-hint">
            <Icon name="image" /> {picture.state !== "idle" ? "Envoi…" : `Changer l'image de « ${folder.name} »`}
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
          <Menu label={`Actions du dossier « ${folder.name} »`}>
            {(close) => (
              <>
                <MenuButton onSelect={() => (close(), setOpen("rename"))}>Renommer</MenuButton>
                <MenuButton onSelect={() => (close(), setOpen("move"))}>Déplacer</MenuButton>
                <IntentMenuButton close={close} fetcher={fetcher} fields={{ intent: "duplicateFolder", ...hidden }}>
                  Dupliquer
                </IntentMenuButton>
                {parentId !== null ? (
                  <IntentMenuButton close={close} fetcher={fetcher} fields={{ intent: "rootFolder", ...hidden }}>
                    Renvoyer à la racine
                  </IntentMenuButton>
                ) : null}
                <MenuButton danger onSelect={() => (close(), setOpen("delete"))}>
                  Supprimer
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
        title="Renommer le dossier"
        submitLabel="Renommer"
        initial={folder.name}
        fetcher={fetcher}
        fields={{ intent: "renameFolder", ...hidden }}
      />
      <MoveDialog
        open={open === "move"}
        onClose={() => setOpen(null)}
        title={`Déplacer le dossier « ${folder.name} »`}
        targets={moveTargets(tree, { ownerId: folder.ownerId, currentFolderId: parentId, folderId: folder.id })}
        fetcher={fetcher}
        hidden={hidden}
        intent="moveFolder"
      />
      <ConfirmDialog
        open={open === "delete"}
        onClose={() => setOpen(null)}
        title="Supprimer le dossier"
        confirmLabel="Supprimer"
        fetcher={fetcher}
        fields={{ intent: "deleteFolder", ...hidden }}
      >
        <p>{deleteQuestion(folder)}</p>
        {folder.subtreeQuizzes || folder.subtreeFolders ? (
          <p className="warning">Les quiz qu'il contient seront supprimés définitivement.</p>
        ) : null}
      </ConfirmDialog>
    </article>
  );
}

function deleteQuestion(folder: Pick<FolderCardData, "name" | "subtreeFolders" | "subtreeQuizzes">): string {
  if (!folder.subtreeFolders && !folder.subtreeQuizzes) return `Supprimer le dossier « ${folder.name} » ? Il est vide.`;
  const parts = [plural(folder.subtreeQuizzes, "quiz", "quiz")];
  if (folder.subtreeFolders) parts.push(plural(folder.subtreeFolders, "dossier", "dossiers"));
  return `Supprimer le dossier « ${folder.name} » et tout son contenu (${parts.join(", ")}) ?`;
}
