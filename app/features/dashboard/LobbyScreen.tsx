import { useEffect, useId, useRef, useState } from "react";
import { dashboardUrl } from "@common/contracts/dashboard/format";
import { megabytes, PICTURE_MAX_BYTES } from "@common/rules";
import { Icon } from "~/components/Icon";
import { Shell } from "~/components/Shell";
import { ToastProvider, useActionFetcher } from "~/components/Toast";
import type { Side } from "@common/contracts/dashboard/types";
import { BackTitle } from "~/components/BackTitle";
import { useT } from "~/components/I18n";

type LobbyData = {
  side: Side;
  accountName: string;
  picture: { url: string; source: "own" | "admin" | "default" };
};

const SOURCE = {
  own: "dashboard.lobby.own",
  admin: "dashboard.lobby.admin",
  default: "dashboard.lobby.default",
} as const;

/** 'Mettre à jour la photo du Lobby': the current picture and an upload form. */
export function LobbyScreen({ data }: { data: LobbyData }) {
  return (
    <ToastProvider>
      <Shell side={data.side} accountName={data.accountName}>
        <LobbyForm data={data} />
      </Shell>
    </ToastProvider>
  );
}

function LobbyForm({ data }: { data: LobbyData }) {
  const t = useT();
  const fetcher = useActionFetcher();
  const reset = useActionFetcher();
  const inputId = useId();
  const form = useRef<HTMLFormElement>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [fileName, setFileName] = useState<string | null>(null);
  const busy = fetcher.state !== "idle";

  // Once stored, the page shows the saved picture again, not the local preview.
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data && "message" in fetcher.data) {
      form.current?.reset();
      setPreview((url) => {
        if (url) URL.revokeObjectURL(url);
        return null;
      });
      setFileName(null);
    }
  }, [fetcher.state, fetcher.data]);

  return (
    <main className="dash-main narrow" id="contenu">
      <BackTitle back={dashboardUrl(data.side)}>{t("dashboard.lobby.title")}</BackTitle>
      <p className="screen-lead">
        {t("dashboard.lobby.lead")}
        {data.side === "admin" ? ` ${t("dashboard.lobby.leadAdmin")}` : null}
      </p>
      <div className="panel lobby-panel">
        <figure className="lobby-preview">
          <img src={preview ?? data.picture.url} alt={t("dashboard.lobby.current")} />
          <figcaption>{t(preview ? "dashboard.lobby.preview" : SOURCE[data.picture.source])}</figcaption>
        </figure>
        <fetcher.Form
          method="post"
          encType="multipart/form-data"
          ref={form}
          className="lobby-form"
          onSubmit={(event) => {
            const file = new FormData(event.currentTarget).get("picture");
            if (!(file instanceof File) || file.size === 0) {
              event.preventDefault();
              setFileName(null);
              form.current?.querySelector<HTMLInputElement>("input[type=file]")?.focus();
            }
          }}
        >
          <input type="hidden" name="intent" value="upload" />
          <label htmlFor={inputId} className="file-drop">
            <Icon name="image" size={28} />
            <span>{fileName ?? t("dashboard.lobby.choose", { mb: megabytes(PICTURE_MAX_BYTES) })}</span>
          </label>
          <input
            id={inputId}
            className="sr-only"
            type="file"
            name="picture"
            accept="image/jpeg,image/png,image/webp,image/gif"
            required
            onChange={(event) => {
              const file = event.currentTarget.files?.[0];
              if (preview) URL.revokeObjectURL(preview);
              setPreview(file ? URL.createObjectURL(file) : null);
              setFileName(file?.name ?? null);
            }}
          />
          <button type="submit" className="button" disabled={busy || !fileName}>
            {busy ? t("common.busy") : t("dashboard.lobby.submit")}
          </button>
        </fetcher.Form>
        {data.picture.source === "own" ? (
          <reset.Form method="post" className="lobby-reset">
            <input type="hidden" name="intent" value="reset" />
            <button type="submit" className="link-button">
              {t("dashboard.lobby.reset")}
            </button>
          </reset.Form>
        ) : null}
      </div>
    </main>
  );
}
