/**
 * A refusal the user should read (French message) with the HTTP status it deserves. Actions
 * turn it into `{ error }` data; anything else thrown is a server error.
 */
export class UserError extends Error {
  constructor(
    readonly status: 400 | 401 | 403 | 404 | 413,
    message: string,
  ) {
    super(message);
  }
}

export const NOT_FOUND = {
  folder: "Dossier introuvable",
  quiz: "Quiz introuvable",
} as const;
