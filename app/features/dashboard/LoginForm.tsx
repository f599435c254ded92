import { Form, Link, useActionData, useNavigation } from "@remix-run/react";
import { useId, useState } from "react";
import type { ActionResult, Side } from "@common/contracts/dashboard/types";
import type { Words } from "@common/i18n/ids";
import { MSG } from "@common/contracts/messages";
import { BrandName } from "~/components/BrandName";
import { FieldError } from "~/components/FieldError";
import { useT } from "~/components/I18n";
import { LanguageSwitch } from "~/components/LanguageSwitch";

/**
 * 'Mail' on the admin login, 'Identifiant' on the MJ one; '...' while it checks. The language
 * switch is there before anyone logs in; once logged in, the account's own choice wins.
 */
export function LoginForm({ side }: { side: Side }) {
  const t = useT();
  const result = useActionData<ActionResult>();
  const navigation = useNavigation();
  const [localError, setLocalError] = useState<Words | null>(null);
  const ids = useId();
  const busy = navigation.state !== "idle" && navigation.formData?.get("intent") === "login";
  const error = localError ?? (result && "error" in result ? result.error : null);
  const admin = side === "admin";
  return (
    <div className="login-page">
      <LanguageSwitch className="login-lang" />
      <main className="login-card">
        <Link to="/" className="login-brand" aria-label={t("dashboard.login.brand")}>
          <BrandName />
        </Link>
        <h1>{t(admin ? "dashboard.page.titleAdmin" : "dashboard.page.titleMj")}</h1>
        <p className="login-lead">{t(admin ? "dashboard.login.leadAdmin" : "dashboard.login.leadMj")}</p>
        <Form
          method="post"
          noValidate
          className="login-form"
          onSubmit={(event) => {
            const form = new FormData(event.currentTarget);
            if (!String(form.get("identifiant") ?? "").trim() || !String(form.get("password") ?? "")) {
              event.preventDefault();
              setLocalError(MSG.required);
            } else {
              setLocalError(null);
            }
          }}
        >
          <input type="hidden" name="intent" value="login" />
          <label htmlFor={`${ids}-id`}>{t(admin ? "dashboard.login.mail" : "dashboard.login.identifier")}</label>
          <input
            id={`${ids}-id`}
            name="identifiant"
            className="field"
            type="text"
            inputMode="email"
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${ids}-error` : undefined}
          />
          <label htmlFor={`${ids}-pw`}>{t("dashboard.login.password")}</label>
          <input
            id={`${ids}-pw`}
            name="password"
            className="field"
            type="password"
            autoComplete="current-password"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${ids}-error` : undefined}
          />
          <FieldError error={error} id={`${ids}-error`} />
          <button type="submit" className="button" disabled={busy}>
            {busy ? t("common.busy") : t("dashboard.login.submit")}
          </button>
        </Form>
        <Link to={admin ? "/mj" : "/pres"} className="login-switch">
          {t(admin ? "dashboard.login.toMj" : "dashboard.login.toAdmin")}
        </Link>
      </main>
    </div>
  );
}
