import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useEffect, useRef } from "react";
import type { Words } from "@common/i18n/ids";
import type { PresenterPageData } from "@common/contracts/presenter/types";
import { I18nRoot, useT } from "~/components/I18n";
import { PresenterGame } from "./PresenterGame";
import { GameOver, LoadingScreen } from "./PresenterScreens";

/**
 * The page behind the presenter routes: the launch ('loading' step, auto-submitted), a room that
 * is over, or the live game at the room's address. The game speaks the night's language (its
 * catalog came with the page's data), whatever the language of the page around it; the launch and
 * a room that is over speak the game master's.
 */
export function PresenterPage() {
  const data = useLoaderData<PresenterPageData>();
  if (data.kind === "launch") return <LaunchScreen error={data.error} dashboard={data.dashboard} />;
  if (data.kind === "ended") return <EndedScreen dashboard={data.dashboard} />;
  return (
    <I18nRoot catalog={data.catalog}>
      <PresenterGame
        key={data.room}
        room={data.room}
        token={data.token}
        lobbyPicture={data.lobbyPicture}
        origin={data.origin}
        host={data.host}
        dashboard={data.dashboard}
        quizzes={data.quizzes}
      />
    </I18nRoot>
  );
}

function EndedScreen({ dashboard }: { dashboard: string }) {
  return (
    <div className="pres">
      <main className="pres-main">
        <GameOver dashboard={dashboard} />
      </main>
    </div>
  );
}

/**
 * 'loading' (docs/architecture.md, Launching a game): the launch is a POST (it uses one of the MJ's
 * games), sent by script at once; without script the button sends it. A refusal is shown with the
 * way back: the loader's words, or the action's answer, already worded by the server.
 */
function LaunchScreen({ error, dashboard }: { error: Words | null; dashboard: string }) {
  const t = useT();
  const action = useActionData<{ error?: string }>();
  const form = useRef<HTMLFormElement>(null);
  const sent = useRef(false);
  const message = action?.error ?? (error ? t(error) : null);

  useEffect(() => {
    if (message || sent.current) return;
    sent.current = true;
    form.current?.requestSubmit();
  }, [message]);

  return (
    <div className="pres">
      <main className="pres-main">
        {message ? (
          <div className="pres-center">
            <h1 className="pres-big">{t("presenter.launch.failed")}</h1>
            <p className="pres-error" role="alert">
              {message}
            </p>
            <a className="pres-button pres-button-go" href={dashboard}>
              {t("presenter.backToDashboard")}
            </a>
          </div>
        ) : (
          <>
            <LoadingScreen text={t("presenter.loading")} />
            <Form method="post" replace ref={form} className="launch-form">
              <input type="hidden" name="intent" value="launch" />
              {/* Sent by script at once; the button is for browsers without script. */}
              <noscript>
                <button type="submit" className="pres-button pres-button-go">
                  {t("presenter.launch.submit")}
                </button>
              </noscript>
            </Form>
          </>
        )}
      </main>
    </div>
  );
}
