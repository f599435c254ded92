import { Form, Link, NavLink } from "@remix-run/react";
import { useState, type ReactNode } from "react";
import { Dialog } from "./Dialog";
import { Icon } from "./Icon";
import type { Side } from "@common/dashboard/types";

/**
 * The frame of every workshop screen: brand, the account's tools (docs/architecture.md, Who may
 * call what), who is connected. Admin-only tools appear for the admin only; the server refuses them
 * to MJs anyway.
 */
export function Shell({ side, accountName, children }: { side: Side; accountName: string; children: ReactNode }) {
  const admin = side === "admin";
  const base = admin ? "/pres" : "/mj";
  const [restart, setRestart] = useState(false);
  return (
    <div className="dash">
      <header className="dash-top">
        <Link to={base} className="dash-brand" aria-label={admin ? "Repère, administration" : "Repère, maîtres du jeu"}>
          Rep<span>è</span>re
        </Link>
        <nav className="dash-tools" aria-label="Outils">
          <NavLink to={`${base}/lobby`}>Mettre à jour la photo du Lobby</NavLink>
          {admin ? (
            <>
              <NavLink to="/pres/points">Modifier les points</NavLink>
              <NavLink to="/pres/sound">Gérer les sons</NavLink>
              <NavLink to="/pres/mj">Maîtres du jeu</NavLink>
            </>
          ) : null}
        </nav>
        <div className="dash-account">
          <span className="dash-who" title={admin ? "Administrateur" : "Maître du jeu"}>
            {accountName}
          </span>
          {admin ? (
            <Link to="/pres/password" className="top-button">
              Mot de passe
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
                Redémarrer
              </button>
            </form>
          ) : (
            <Form method="post" action="/mj?index">
              <input type="hidden" name="intent" value="logout" />
              <button type="submit" className="top-button">
                <Icon name="logout" /> Déconnexion
              </button>
            </Form>
          )}
        </div>
      </header>
      {children}
      {admin ? (
        <Dialog open={restart} onClose={() => setRestart(false)} title="Redémarrer">
          <p className="dialog-text">
            Redémarrer termine toutes les parties en cours : les joueurs et les présentateurs seront déconnectés.
          </p>
          <form method="post" action="/pres/restart">
            <div className="dialog-actions">
              <button type="button" className="button button-secondary" onClick={() => setRestart(false)}>
                Annuler
              </button>
              <button type="submit" name="confirm" value="yes" className="button button-danger">
                Redémarrer
              </button>
            </div>
          </form>
        </Dialog>
      ) : null}
    </div>
  );
}
