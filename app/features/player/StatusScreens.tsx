// The phone's screens that are no step of the game: connecting, a refusal, a kick, a reload.
import type { Words } from "@common/i18n/ids";
import { HomeLink, PlayerScreen, Spinner } from "./Common";
import { BrandName } from "~/components/BrandName";
import { useT } from "~/components/I18n";

export function LoadingScreen({ pseudo, notice }: { pseudo?: string | null; notice?: Words | null }) {
  const t = useT();
  return (
    <PlayerScreen className="pl-center">
      <h1 className="pl-title">{t("player.loading.title")}</h1>
      {pseudo ? <p className="pl-lead">{pseudo}</p> : null}
      <Spinner label={t("player.loading.connecting")} />
      {notice ? (
        <p className="pl-lead" role="status">
          {t(notice)}
        </p>
      ) : null}
    </PlayerScreen>
  );
}

export function FatalScreen({ message }: { message: Words }) {
  const t = useT();
  return (
    <PlayerScreen className="pl-center">
      <h1 className="brand pl-brand">
        <BrandName />
      </h1>
      <p className="pl-alert" role="alert">
        {t(message)}
      </p>
      <HomeLink />
    </PlayerScreen>
  );
}

export function KickedScreen({ onRejoin }: { onRejoin: () => void }) {
  const t = useT();
  return (
    <PlayerScreen className="pl-center">
      <h1 className="pl-title">{t("player.kicked.title")}</h1>
      <p className="pl-lead">{t("player.kicked.lead")}</p>
      <button type="button" className="button pl-button" onClick={onRejoin}>
        {t("player.kicked.rejoin")}
      </button>
      <HomeLink secondary />
    </PlayerScreen>
  );
}

export function ReloadScreen({ message }: { message: Words }) {
  const t = useT();
  return (
    <PlayerScreen className="pl-center">
      <h1 className="pl-title">{t("player.reload.title")}</h1>
      <p className="pl-lead" role="status">
        {t(message)}
      </p>
    </PlayerScreen>
  );
}
