import { describe, expect, it } from "vitest";
import { tIn } from "../../tests/support/i18n";
import type { MessageId } from "./ids";

/**
 * The product's reference words: every screen text, alert and error message the specification
 * names, as a French reader sees them (its spelling mistakes corrected: « Tous les champs sont
 * obligatoires »), each with the catalog message that says it. A French catalog edit that changes
 * one of them fails here; the other languages are free to word them their way.
 */
const SPEC_WORDS: readonly [text: string, id: MessageId][] = [
  // Home, public pages
  ["Administration", "home.admin"],
  ["Aucune description disponible pour cette question.", "public.noDescription"],
  ["Retour au classement", "public.back"],
  // Dashboards
  ["Identifiant", "dashboard.login.identifier"],
  ["Mail", "dashboard.login.mail"],
  ["Mot de passe", "dashboard.login.password"],
  ["Connexion", "dashboard.login.submit"],
  ["Administration", "dashboard.page.titleAdmin"],
  ["Maîtres du jeu", "dashboard.page.titleMj"],
  ["Nouveau", "dashboard.page.newQuiz"],
  ["Déconnexion", "dashboard.shell.logout"],
  ["Modifier les points", "dashboard.shell.points"],
  ["Redémarrer", "dashboard.shell.restart"],
  ["Mettre à jour la photo du Lobby", "dashboard.shell.lobby"],
  ["Créer un dossier", "dashboard.page.createFolder"],
  ["Gérer les sons", "dashboard.shell.sounds"],
  ["Maîtres du jeu", "dashboard.shell.mjs"],
  ["Retour", "dashboard.back"],
  ["Lancer", "dashboard.quiz.launch"],
  ["Voir", "dashboard.quiz.view"],
  ["Partager", "dashboard.quiz.share"],
  ["Éditer", "dashboard.menu.edit"],
  ["Dupliquer", "dashboard.menu.duplicate"],
  ["Déplacer", "dashboard.menu.move"],
  ["Supprimer", "dashboard.menu.delete"],
  ["Renvoyer à la racine", "dashboard.menu.toRoot"],
  ["Mettre à jour", "dashboard.lobby.submit"],
  ["Modifier les points des couronnes de la cible", "dashboard.points.title"],
  ["Sauvegarder", "dashboard.points.save"],
  // Admin tools (« ➕ » is drawn beside the words: admin/MjScreen.tsx)
  ["Ajouter un MJ", "admin.mj.add"],
  ["Écouter", "admin.sound.listen"],
  ["Changer", "admin.sound.change"],
  // Wizard
  ["Suivant", "wizard.next"],
  ["Google Maps streetview URL", "wizard.questions.kindStreetView"],
  ["Photo et coordonnées", "wizard.questions.kindPhoto"],
  ["Actualiser questions", "wizard.questions.refresh"],
  ["Confirmer ces paramètres", "wizard.map.confirm"],
  ["Annuler", "wizard.cancel"],
  // Presenter
  ["Lancement", "presenter.starting.title"],
  ["Chargement des résultats", "presenter.loadingResults"],
  ["Pause", "presenter.ranking.pause"],
  ["Page suivante", "presenter.ranking.nextPage"],
  ["Retour photo & carte", "presenter.ranking.photoMap"],
  ["Fin de la Partie", "presenter.end.title"],
  ["Nouvelle partie", "presenter.end.newGame"],
  // Player
  ["Sélectionnez votre couleur", "player.pseudo.colorTitle"],
  ["Sélectionnez votre fruit", "player.pseudo.fruitTitle"],
  ["Valider", "player.pseudo.validate"],
  ["Chargement", "player.loading.title"],
  ["Salon d'attente", "player.lobby.title"],
  ["Vous êtes", "player.lobby.youAre"],
  ["En attente du lancement de la partie", "player.lobby.waiting"],
  ["Lancement", "player.starting.title"],
  ["Répondre", "player.question.answer"],
  ["Réponse envoyée !", "player.answered.title"],
  ["En attente des autres joueurs", "player.answered.waiting"],
  ["Résultats de la question", "player.result.title"],
  ["Vous ne marquez pas de points", "player.result.noPoints"],
  ["La prochaine question arrive", "player.result.nextComing"],
  ["Fin de la partie", "player.end.title"],
  ["Faites défiler le classement pour voir votre position", "player.end.scrollHint"],
  // Validation and errors
  ["Tous les champs sont obligatoires", "common.required"],
  ["Merci de renseigner des coordonnées", "wizard.coords.missing"],
  ["Coordonnées invalides", "wizard.coords.invalid"],
  ["Impossible de détecter des coordonnées", "wizard.coords.undetected"],
  ["Définir au moins une question", "wizard.atLeastOneQuestion"],
  ["Veuillez remplir tous les champs obligatoires !", "admin.mj.required"],
  ["Veuillez sélectionner une couleur !", "player.pseudo.pickColor"],
  ["Veuillez sélectionner un fruit !", "player.pseudo.pickFruit"],
  ["Cette salle n'existe pas ou n'est pas accessible", "common.roomNotFound"],
  ["Une erreur est survenue au niveau du serveur", "common.serverError"],
  ["Identifiant / Mot de passe incorrect", "common.badCredentials"],
  ["Non authentifié", "common.notAuthenticated"],
  ["Authentification incorrecte", "common.wrongAuthentication"],
  ["Utilisateur introuvable", "admin.mj.notFound"],
  ["Erreur réseau ou serveur injoignable", "common.network"],
];

describe("the French catalog holds the specification's words", () => {
  const t = tIn("fr");

  it("says each screen text, alert and error exactly as the specification does", () => {
    const wrong = SPEC_WORDS.filter(([text, id]) => t(id) !== text).map(([text, id]) => ({ id, expected: text, got: t(id) }));
    expect(wrong).toEqual([]);
  });

  it("says the specification's sentences with a figure in them, the figure in its place", () => {
    expect(t("player.answered.time", { time: "x" })).toBe("Temps de réponse : x");
    expect(t("player.result.scored", { points: t("player.points", { points: "12", form: "other" }) })).toBe("Vous marquez 12 points");
    expect(t("player.total", { points: t("player.points", { points: "40", form: "other" }) })).toBe("Total : 40 points");
  });
});
