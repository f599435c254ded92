import { isRouteErrorResponse, useRouteError } from "@remix-run/react";
import { MSG } from "@common/messages";
import { BrandName } from "~/components/BrandName";

/** The error page of /watch and /question: the loader's French message, never a stack. */
export function PublicError() {
  const error = useRouteError();
  const data = isRouteErrorResponse(error) ? (error.data as { error?: unknown } | string | null) : null;
  const message =
    typeof data === "string" && data
      ? data
      : data && typeof data === "object" && typeof data.error === "string"
      ? data.error
      : MSG.serverError;
  return (
    <main className="page page-center public-error">
      <h1 className="brand">
        <BrandName />
      </h1>
      <p className="lead">{message}</p>
      <a className="button" href="/">
        Retour à l'accueil
      </a>
    </main>
  );
}
