/** User-facing French texts that several screens or the server share (spelling fixed). */
export const MSG = {
  required: "Tous les champs sont obligatoires",
  roomNotFound: "Cette salle n'existe pas ou n'est pas accessible",
  roomFull: "Cette salle est complète",
  serverError: "Une erreur est survenue au niveau du serveur",
  notAuthenticated: "Non authentifié",
  wrongAuthentication: "Authentification incorrecte",
  badCredentials: "Identifiant / Mot de passe incorrect",
  methodNotAllowed: "Méthode non autorisée",
  tooManyAttempts: "Trop de tentatives, réessayez dans quelques minutes",
  quizNotFound: "Quiz introuvable",
  folderNotFound: "Dossier introuvable",
  fileNotFound: "Fichier introuvable",
} as const;
