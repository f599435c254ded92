/**
 * A quiz's unique name is its public /watch link (docs/architecture.md, D1): a readable slug of the
 * name plus a random suffix, so that nobody can guess the link of a quiz they were not given.
 */
import { foldAccents } from "../rules";

export function slugify(name: string): string {
  const slug = foldAccents(name)
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 40)
    .replace(/-+$/g, "");
  return slug || "quiz";
}

const ALPHABET = "abcdefghijkmnpqrstuvwxyz23456789";

function randomSuffix(length = 8): string {
  const bytes = crypto.getRandomValues(new Uint8Array(length));
  return [...bytes].map((b) => ALPHABET[b % ALPHABET.length]).join("");
}

export function quizUniqueName(name: string): string {
  return `${slugify(name)}-${randomSuffix()}`;
}

export const UNIQUE_NAME = /^[a-z0-9-]{1,60}$/;
