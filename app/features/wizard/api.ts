/**
 * The wizard's calls to the HTTP API (docs/architecture.md, Pages and HTTP API), from the browser.
 * Errors come back as French messages: the server's own when it sent one, else a fixed one per
 * status (docs/architecture.md, How a request flows).
 */
import { MSG } from "@common/messages";
import type { MapSettings } from "@common/protocol";
import { WIZARD_MSG, type WizardQuestion, type WizardQuizDetails } from "@common/wizard/types";

type Result<T> = { ok: true; value: T } | { ok: false; error: string; status: number };

const quizPath = (name: string) => encodeURIComponent(name);

function fallbackMessage(status: number): string {
  if (status === 401) return MSG.notAuthenticated;
  if (status === 403) return MSG.wrongAuthentication;
  if (status === 413) return WIZARD_MSG.tooLarge;
  return MSG.serverError;
}

async function errorOf(res: Response): Promise<string> {
  try {
    const body = (await res.json()) as { error?: unknown };
    if (typeof body.error === "string" && body.error) return body.error;
  } catch {
    // not JSON
  }
  return fallbackMessage(res.status);
}

async function call<T>(url: string, init: RequestInit, read: (res: Response) => Promise<T>): Promise<Result<T>> {
  let res: Response;
  try {
    res = await fetch(url, { credentials: "same-origin", ...init });
  } catch {
    return { ok: false, error: WIZARD_MSG.network, status: 0 };
  }
  if (!res.ok) return { ok: false, error: await errorOf(res), status: res.status };
  return { ok: true, value: await read(res) };
}

const json = { "Content-Type": "application/json" };

export function initQuiz(input: { name: string; description: string; speedPointsMax: number; folderId: number | null }) {
  return call("/api/pres/shared/quizz/init", { method: "POST", headers: json, body: JSON.stringify(input) }, (r) =>
    r.text(),
  );
}

export function updateQuiz(quiz: string, details: WizardQuizDetails) {
  return call(
    `/api/pres/shared/quizz/update/${quizPath(quiz)}`,
    { method: "POST", headers: json, body: JSON.stringify(details) },
    (r) => r.json() as Promise<WizardQuizDetails>,
  );
}

export function reorderQuestions(quiz: string, order: number[]) {
  return call(
    `/api/pres/shared/quizz/question/order/${quizPath(quiz)}`,
    { method: "POST", headers: json, body: JSON.stringify({ order }) },
    (r) => r.json() as Promise<WizardQuestion[]>,
  );
}

export function getQuestions(quiz: string) {
  return call(`/api/pres/shared/quizz/get/${quizPath(quiz)}`, { cache: "no-store" }, (r) =>
    r.json() as Promise<WizardQuestion[]>,
  );
}

export function deleteQuestion(quiz: string, questionId: number) {
  return call(`/api/pres/shared/quizz/question/delete/${quizPath(quiz)}/${questionId}`, { method: "POST" }, (r) =>
    r.json() as Promise<WizardQuestion[]>,
  );
}

export function saveMapSettings(quiz: string, mapSettings: MapSettings) {
  return call(
    `/api/pres/shared/quizz/mapSettings/${quizPath(quiz)}`,
    { method: "POST", headers: json, body: JSON.stringify({ mapSettings }) },
    (r) => r.json() as Promise<unknown>,
  );
}

/** A new question (multipart), with its upload progress. */
export function uploadQuestion(quiz: string, form: FormData, onProgress: (percent: number) => void) {
  return sendForm(`/api/pres/shared/quizz/question/new/${quizPath(quiz)}`, form, onProgress);
}

/** Changes to a question (multipart: only the fields sent change), with the upload progress. */
export function updateQuestion(quiz: string, questionId: number, form: FormData, onProgress: (percent: number) => void) {
  return sendForm(`/api/pres/shared/quizz/question/update/${quizPath(quiz)}/${questionId}`, form, onProgress);
}

/**
 * POST multipart with XMLHttpRequest: fetch cannot report upload progress, and the wizard shows
 * it as a percentage.
 */
function sendForm(url: string, form: FormData, onProgress: (percent: number) => void): Promise<Result<WizardQuestion>> {
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", url);
    xhr.responseType = "text";
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onload = () => {
      let body: unknown = null;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        body = null;
      }
      if (xhr.status >= 200 && xhr.status < 300 && body) {
        onProgress(100);
        resolve({ ok: true, value: body as WizardQuestion });
        return;
      }
      const error = (body as { error?: unknown } | null)?.error;
      resolve({
        ok: false,
        status: xhr.status,
        error: typeof error === "string" && error ? error : fallbackMessage(xhr.status),
      });
    };
    xhr.onerror = () => resolve({ ok: false, status: 0, error: WIZARD_MSG.network });
    xhr.send(form);
  });
}
