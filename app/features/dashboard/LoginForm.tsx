import { Form, Link, useActionData, useNavigation } from "@remix-run/react";
import { useId, useState } from "react";
import type { ActionResult, Side } from "@common/dashboard/types";
import { MSG } from "@common/messages";
import { FieldError } from "~/components/FieldError";

/** 'Mail' on the admin login, 'Identifiant' on the MJ one; '...' while it checks. */
export function LoginForm({ side }: { side: Side }) {
  const result = useActionData<ActionResult>();
  const navigation = useNavigation();
  const [localError, setLocalError] = useState<string | null>(null);
  const ids = useId();
  const busy = navigation.state !== "idle" && navigation.formData?.get("intent") === "login";
  const error = localError ?? (result && "error" in result ? result.error : null);
  return (
    <div className="login-page">
      <main className="login-card">
        <Link to="/" className="login-brand" aria-label="Repère, retour à l'accueil">
          Rep<span>è</span>re
        </Link>
        <h1>{side === "admin" ? "Administration" : "Maîtres du jeu"}</h1>
        <p className="login-lead">
          {side === "admin" ? "Connectez-vous pour gérer Repère." : "Connectez-vous pour préparer et lancer vos quiz."}
        </p>
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
          <label htmlFor={`${ids}-id`}>{side === "admin" ? "Mail" : "Identifiant"}</label>
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
          <label htmlFor={`${ids}-pw`}>Mot de passe</label>
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
            {busy ? "..." : "Connexion"}
          </button>
        </Form>
        <Link to={side === "admin" ? "/mj" : "/pres"} className="login-switch">
          {side === "admin" ? "Vous êtes maître du jeu ? Connexion MJ" : "Administrateur ? Connexion admin"}
        </Link>
      </main>
    </div>
  );
}
