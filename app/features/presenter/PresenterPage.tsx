import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useEffect, useRef } from "react";
import type { PresenterPageData } from "@common/presenter/types";
import { LoadingScreen, PresenterGame } from "./PresenterGame";

/**
 * The page behind the presenter routes: the launch ('loading' step, auto-submitted), a room that
 * is over, or the live game at the room's address.
 */
export function PresenterPage() {
  const data = useLoaderData<PresenterPageData>();
  if (data.kind === "launch") return <LaunchScreen error={data.error} dashboard={data.dashboard} />;
  if (data.kind === "ended") {
    return (
      <div className="pres">
        <main className="pres-main pres-center">
          <h1 className="pres-big">Cette partie est terminée</h1>
          <a className="pres-button pres-button-go" href={data.dashboard}>
            Retour au tableau de bord
          </a>
        </main>
      </div>
    );
  }
  return (
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
  );
}

/**
 * 'loading' (docs/architecture.md, Launching a game): the launch is a POST (it uses one of the MJ's
 * games), sent by script at once; without script the button sends it. A refusal is shown with the
 * way back.
 */
function LaunchScreen({ error, dashboard }: { error: string | null; dashboard: string }) {
  const action = useActionData<{ error?: string }>();
  const form = useRef<HTMLFormElement>(null);
  const sent = useRef(false);
  const message = action?.error ?? error;

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
            <h1 className="pres-big">La partie n'a pas pu être lancée</h1>
            <p className="pres-error" role="alert">
              {message}
            </p>
            <a className="pres-button pres-button-go" href={dashboard}>
              Retour au tableau de bord
            </a>
          </div>
        ) : (
          <>
            <LoadingScreen text="Chargement" />
            <Form method="post" replace ref={form} className="launch-form">
              <input type="hidden" name="intent" value="launch" />
              {/* Sent by script at once; the button is for browsers without script. */}
              <noscript>
                <button type="submit" className="pres-button pres-button-go">
                  Lancer la partie
                </button>
              </noscript>
            </Form>
          </>
        )}
      </main>
    </div>
  );
}
