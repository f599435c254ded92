import { useT } from "~/components/I18n";

/**
 * Over the last screen while the room cannot hear us: never a dead screen (docs/game-rules.md,
 * Disconnections and reconnections).
 */
export function ReconnectOverlay() {
  const t = useT();
  return (
    <div className="pl-overlay" role="alertdialog" aria-modal="true" aria-labelledby="pl-reconnect">
      <div className="pl-overlay-card">
        <span className="pl-spinner pl-spinner-big" aria-hidden="true" />
        <p id="pl-reconnect" className="pl-overlay-title">
          {t("player.reconnect.title")}
        </p>
        <p className="pl-overlay-text">{t("player.reconnect.kept")}</p>
      </div>
    </div>
  );
}
