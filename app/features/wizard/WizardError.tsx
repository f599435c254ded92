import { isRouteErrorResponse, Link, useRouteError } from "@remix-run/react";
import { MSG } from "@common/messages";
import { BrandName } from "~/components/BrandName";

/** The wizard's refusals in French: not logged in, not allowed, no such quiz. */
export function WizardErrorBoundary() {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const message =
    isRouteErrorResponse(error) && typeof error.data?.error === "string" ? error.data.error : MSG.serverError;
  return (
    <main className="page page-center wz-error">
      <h1 className="brand">
        <BrandName />
      </h1>
      <p className="lead" role="alert">
        {message}
      </p>
      {status === 401 ? (
        <p className="wz-error-links">
          <Link className="button" to="/pres">
            Connexion administrateur
          </Link>
          <Link className="button button-secondary" to="/mj">
            Connexion maître du jeu
          </Link>
        </p>
      ) : (
        <p className="wz-error-links">
          <Link className="button" to="/mj">
            Retour au tableau de bord
          </Link>
        </p>
      )}
    </main>
  );
}
