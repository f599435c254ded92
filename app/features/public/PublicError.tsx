import { isRouteErrorResponse, useRouteError } from "@remix-run/react";
import { MSG } from "@common/contracts/messages";
import { BrandName } from "~/components/BrandName";
import { useT } from "~/components/I18n";
import { LanguageSwitch } from "~/components/LanguageSwitch";

/**
 * The error page of /watch and /question: the loader's message, already worded by the server in
 * the reader's language, never a stack.
 */
export function PublicError() {
  const t = useT();
  const error = useRouteError();
  const data = isRouteErrorResponse(error) ? (error.data as { error?: unknown } | string | null) : null;
  const message =
    typeof data === "string" && data
      ? data
      : data && typeof data === "object" && typeof data.error === "string"
      ? data.error
      : t(MSG.serverError);
  return (
    <main className="page page-center public-error">
      <h1 className="brand">
        <BrandName />
      </h1>
      <p className="lead">{message}</p>
      <a className="button" href="/">
        {t("common.error.home")}
      </a>
      <LanguageSwitch />
    </main>
  );
}
