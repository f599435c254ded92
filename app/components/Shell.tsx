import { Form, Link, NavLink } from "@remix-run/react";
import { useState, type ReactNode } from "react";
import { Dialog } from "./Dialog";
import { Icon } from "./Icon";
import { BrandName } from "./BrandName";
import { LanguageSwitch } from "./LanguageSwitch";
import { useT } from "./I18n";
import type { Side } from "@common/contracts/dashboard/types";

/**
 * The frame of every workshop screen: brand, the account's tools (docs/architecture.md, Who may
 * call what), the language switch (the account keeps its choice), who is connected. Admin-only
 * tools appear for the admin only; the server refuses them to MJs anyway.
 */
export function Shell({ side, accountName, children }: { side: Side; accountName: string; children: ReactNode }) {
  const t = useT();
  const admin = side === "admin";
  const base = admin ? "/pres" : "/mj";
  const [restart, setRestart] = useState(false);
  return (
    <div className="dash">
      <header className="dash-top">
        <Link to={base} className="dash-brand" aria-label={t(admin ? "dashboard.shell.brandAdmin" : "dashboard.shell.brandMj")}>
          <BrandName />
        </Link>
        <nav className="dash-tools" aria-label={t("dashboard.shell.tools")}>
          <NavLink to={`${base}/lobby`}>{t("dashboard.shell.lobby")}</NavLink>
          {admin ? (
            <>
              <NavLink to="/pres/points">{t("dashboard.shell.points")}</NavLink>
              <NavLink to="/pres/sound">{t("dashboard.shell.sounds")}</NavLink>
              <NavLink to="/pres/mj">{t("dashboard.shell.mjs")}</NavLink>
            </>
          ) : null}
        </nav>
        <LanguageSwitch className="dash-lang" />
        <div className="dash-account">
          <span className="dash-who" title={t(admin ? "dashboard.shell.roleAdmin" : "dashboard.shell.roleMj")}>
            {accountName}
          </span>
          {admin ? (
            <Link to="/pres/password" className="top-button">
              {t("dashboard.shell.password")}
            </Link>
          ) : null}
          {admin ? (
            <form
              method="post"
              action="/pres/restart"
              onSubmit={(event) => {
                // With JavaScript, ask first (the dialog's own form posts); without, post at once.
                event.preventDefault();
                setRestart(true);
              }}
            >
              <button type="submit" className="top-button top-button-warn">
                {t("dashboard.shell.restart")}
              </button>
            </form>
          ) : (
            <Form method="post" action="/mj?index">
              <input type="hidden" name="intent" value="logout" />
              <button type="submit" className="top-button">
                <Icon name="logout" /> {t("dashboard.shell.logout")}
              </button>
            </Form>
          )}
        </div>
      </header>
      {children}
      {admin ? (
        <Dialog open={restart} onClose={() => setRestart(false)} title={t("dashboard.shell.restart")}>
          <p className="dialog-text">{t("dashboard.shell.restartText")}</p>
          <form method="post" action="/pres/restart">
            <div className="dialog-actions">
              <button type="button" className="button button-secondary" onClick={() => setRestart(false)}>
                {t("dashboard.cancel")}
              </button>
              <button type="submit" name="confirm" value="yes" className="button button-danger">
                {t("dashboard.shell.restart")}
              </button>
            </div>
          </form>
        </Dialog>
      ) : null}
    </div>
  );
}
