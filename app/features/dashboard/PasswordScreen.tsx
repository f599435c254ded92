import { useFetcher } from "@remix-run/react";
import { useEffect, useId, useRef, useState } from "react";
import type { ActionResult } from "@common/contracts/dashboard/types";
import { MSG_MJ } from "@common/contracts/admin/types";
import type { Words } from "@common/i18n/ids";
import { m } from "@common/i18n/words";
import { MSG } from "@common/contracts/messages";
import { Shell } from "~/components/Shell";
import { FieldError } from "~/components/FieldError";
import { BackTitle } from "~/components/BackTitle";
import { useT } from "~/components/I18n";

type PasswordData = { accountName: string; minLength: number };

/**
 * 'Changer le mot de passe' (admin only): the current password, the new one twice. The server
 * checks everything again, ends the account's other sessions and keeps this one.
 */
export function PasswordScreen({ data }: { data: PasswordData }) {
  return (
    <Shell side="admin" accountName={data.accountName}>
      <PasswordForm minLength={data.minLength} />
    </Shell>
  );
}

function PasswordForm({ minLength }: { minLength: number }) {
  // The answer is said under the form, beside the fields it is about (a toast would cover the
  // button on a phone).
  const t = useT();
  const fetcher = useFetcher<ActionResult>();
  const ids = useId();
  const [error, setError] = useState<Words | null>(null);
  const busy = fetcher.state !== "idle";
  const form = useRef<HTMLFormElement>(null);
  const answer = busy ? null : fetcher.data;
  // Changed: the fields empty again; refused: they stay, to be corrected.
  useEffect(() => {
    if (fetcher.data && "message" in fetcher.data) form.current?.reset();
  }, [fetcher.data]);
  return (
    <main className="dash-main narrow" id="contenu">
      <BackTitle back="/pres">{t("dashboard.password.title")}</BackTitle>
      <p className="screen-lead">{t("dashboard.password.lead")}</p>
      <div className="panel password-panel">
        <fetcher.Form
          ref={form}
          method="post"
          noValidate
          className="password-form"
          onSubmit={(event) => {
            const form = new FormData(event.currentTarget);
            const value = (name: string) => String(form.get(name) ?? "");
            let problem: Words | null = null;
            if (!value("current") || !value("password") || !value("confirm")) problem = MSG.required;
            else if (value("password").length < minLength) problem = { ...MSG_MJ.passwordShort, values: { min: minLength } };
            else if (value("password") !== value("confirm")) problem = m("dashboard.password.mismatch");
            setError(problem);
            if (problem) event.preventDefault();
          }}
        >
          <label htmlFor={`${ids}-current`}>{t("dashboard.password.current")}</label>
          <input id={`${ids}-current`} name="current" type="password" className="field" autoComplete="current-password" required />
          <label htmlFor={`${ids}-password`}>{t("dashboard.password.new")}</label>
          <input
            id={`${ids}-password`}
            name="password"
            type="password"
            className="field"
            autoComplete="new-password"
            minLength={minLength}
            required
            aria-describedby={`${ids}-help`}
          />
          <p id={`${ids}-help`} className="field-help">
            {t("dashboard.password.help", { n: minLength })}
          </p>
          <label htmlFor={`${ids}-confirm`}>{t("dashboard.password.confirm")}</label>
          <input id={`${ids}-confirm`} name="confirm" type="password" className="field" autoComplete="new-password" minLength={minLength} required />
          <FieldError error={error ?? (answer && "error" in answer ? answer.error : null)} />
          <p className="password-done" role="status">
            {!error && answer && "message" in answer ? t(answer.message) : ""}
          </p>
          <button type="submit" className="button" disabled={busy}>
            {busy ? t("common.busy") : t("dashboard.password.title")}
          </button>
        </fetcher.Form>
      </div>
    </main>
  );
}
