import type { PresenterState } from "./screen-state";
import { useT } from "~/components/I18n";

/** A room that is over (closed under the screen, or at an address of before): the way back. */
export function GameOver({ dashboard }: { dashboard: string }) {
  const t = useT();
  return (
    <div className="pres-center">
      <h1 className="pres-big">{t("presenter.ended")}</h1>
      <a className="pres-button pres-button-go" href={dashboard}>
        {t("presenter.backToDashboard")}
      </a>
    </div>
  );
}

export function LoadingScreen({ text }: { text: string }) {
  return (
    <div className="pres-center" aria-busy="true">
      <span className="pres-spinner pres-spinner-big" aria-hidden="true" />
      <h1 className="pres-big">{text}</h1>
    </div>
  );
}

/** 'Reconnexion…' while the socket is down; errors and the lobby's comings and goings. */
export function PresenterToasts({ state }: { state: PresenterState }) {
  const t = useT();
  return (
    <>
      {state.connection === "down" && state.room && state.step !== "closed" ? (
        <div className="pres-reconnect" role="status">
          <span className="pres-spinner" aria-hidden="true" /> {t("presenter.reconnecting")}
        </div>
      ) : null}
      {/* Errors interrupt; the lobby's comings and goings wait their turn. */}
      <div className="pres-toasts">
        <div role="alert">{state.error ? <p className="pres-toast pres-toast-error">{t(state.error)}</p> : null}</div>
        <div role="status">{state.notice ? <p className="pres-toast">{t(state.notice)}</p> : null}</div>
      </div>
    </>
  );
}
