import { isRouteErrorResponse } from "@remix-run/react";
import { MSG } from "@common/messages";

/** What the error page says, and whether reloading is worth offering. */
function errorNotice(error: unknown): { message: string; reload: boolean } {
  if (isRouteErrorResponse(error)) {
    // The server answered on purpose (a refusal with its status): its own sentence.
    if (error.status === 404) return { message: "Cette page n'existe pas.", reload: false };
    const said = (error.data as { error?: unknown } | null)?.error;
    return { message: typeof said === "string" ? said : MSG.serverError, reload: false };
  }
  // Anything else broke while the page was drawn (in the browser most of the time): not the
  // server's doing, and a reload often gets past it.
  return { message: "Cette page a rencontré un problème.", reload: true };
}

/** The last-resort page (the root's error boundary): what happened, and a way on. */
export function ErrorPage({ error }: { error: unknown }) {
  const { message, reload } = errorNotice(error);
  return (
    <main className="page page-center">
      <h1 className="brand">Repère</h1>
      <p className="lead">{message}</p>
      {reload ? (
        <button type="button" className="button" onClick={() => window.location.reload()}>
          Recharger la page
        </button>
      ) : null}
      <a className={reload ? "button button-secondary" : "button"} href="/">
        Retour à l'accueil
      </a>
    </main>
  );
}
