/** User-facing French texts that several screens or the server share (spelling fixed). */
export const MSG = {
  required: "Tous les champs sont obligatoires",
  roomNotFound: "Cette salle n'existe pas ou n'est pas accessible",
  roomFull: "Cette salle est complète",
  serverError: "Une erreur est survenue au niveau du serveur",
  /** A call the server never answered (no network, server unreachable). */
  network: "Erreur réseau ou serveur injoignable",
  notAuthenticated: "Non authentifié",
  wrongAuthentication: "Authentification incorrecte",
  badCredentials: "Identifiant / Mot de passe incorrect",
  methodNotAllowed: "Méthode non autorisée",
  tooManyAttempts: "Trop de tentatives, réessayez dans quelques minutes",
  /** An address past its calls that wake a live room (its ranking, its end, its question page). */
  tooManyRoomCalls: "Trop de demandes à la salle depuis ce réseau : réessayez dans un instant",
  quizNotFound: "Quiz introuvable",
  folderNotFound: "Dossier introuvable",
  fileNotFound: "Fichier introuvable",
  notAnImage: "Ce fichier n'est pas une image (JPEG, PNG, WebP ou GIF)",
  unreadableImage: "Cette image est illisible",
  bodyTooLarge: "La requête est trop volumineuse",
  jsonExpected: "Requête invalide : le contenu doit être envoyé en JSON",
  /** A quiz whose map was never confirmed in the wizard: its card's badge, and why it cannot be launched. */
  quizToFinish: "À terminer",
  quizUnfinished: "Ce quiz n'est pas terminé : confirmez sa carte dans l'éditeur avant de le lancer",
} as const;
