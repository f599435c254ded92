import { isRouteErrorResponse } from "@remix-run/react";
import { MSG } from "@common/contracts/messages";
import type { Translate } from "@common/i18n/ids";
import { BrandName } from "./BrandName";
import { useT } from "./I18n";

/** What the error page says, and whether reloading is worth offering. */
function errorNotice(error: unknown, t: Translate): { message: string; reload: boolean } {
  if (isRouteErrorResponse(error)) {
    // The server answered on purpose (a refusal with its status): its own sentence, already in
    // the reader's language.
    if (error.status === 404) return { message: t("common.error.pageNotFound"), reload: false };
    const said = (error.data as { error?: unknown } | null)?.error;
    return { message: typeof said === "string" ? said : t(MSG.serverError), reload: false };
  }
  // Anything else broke while the page was drawn (in the browser most of the time): not the
  // server's doing, and a reload often gets past it.
  return { message: t("common.error.pageBroke"), reload: true };
}

/** The last-resort page (the root's error boundary): what happened, and a way on. */
export function ErrorPage({ error }: { error: unknown }) {
  const t = useT();
  const { message, reload } = errorNotice(error, t);
  return (
    <main className="page page-center">
      <h1 className="brand">
        <BrandName />
      </h1>
      <p className="lead">{message}</p>
      {reload ? (
        <button type="button" className="button" onClick={() => window.location.reload()}>
          {t("common.error.reload")}
        </button>
      ) : null}
      <a className={reload ? "button button-secondary" : "button"} href="/">
        {t("common.error.home")}
      </a>
    </main>
  );
}
