import { isRouteErrorResponse, Link, useRouteError } from "@remix-run/react";
import { MSG } from "@common/contracts/messages";
import { BrandName } from "~/components/BrandName";
import { useT } from "~/components/I18n";

/**
 * The wizard's refusals: not logged in, not allowed, no such quiz. The server's own sentence is
 * already in the reader's language; anything else is the generic one, worded here.
 */
export function WizardErrorBoundary() {
  const t = useT();
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const said = isRouteErrorResponse(error) ? (error.data as { error?: unknown } | null)?.error : undefined;
  const message = typeof said === "string" ? said : t(MSG.serverError);
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
            {t("wizard.error.adminLogin")}
          </Link>
          <Link className="button button-secondary" to="/mj">
            {t("wizard.error.mjLogin")}
          </Link>
        </p>
      ) : (
        <p className="wz-error-links">
          <Link className="button" to="/mj">
            {t("wizard.error.back")}
          </Link>
        </p>
      )}
    </main>
  );
}
