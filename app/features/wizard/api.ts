/**
 * The wizard's calls to the HTTP API (docs/architecture.md, Pages and HTTP API), from the browser.
 * Errors come back as words: the server's own sentence (already in the page's language) when it
 * sent one, else a fixed message per status (docs/architecture.md, How a request flows).
 */
import { MSG } from "@common/contracts/messages";
import type { MapSettings } from "@common/wire/protocol";
import { WIZARD_MSG, type WizardQuestion, type WizardQuizDetails } from "@common/contracts/wizard/types";
import { callApi, errorOf, refusalSentence, type ApiCall, type ApiResult } from "~/call-api";

const quizPath = (name: string) => encodeURIComponent(name);

/** A photo too large for the server is the wizard's own sentence (the photo's limit). */
const FALLBACK: ApiCall["fallback"] = { 413: WIZARD_MSG.tooLarge };

const call = <T>(url: string, c: ApiCall = {}): Promise<ApiResult<T>> => callApi<T>(url, { fallback: FALLBACK, ...c });

export function initQuiz(input: { name: string; description: string; speedPointsMax: number; folderId: number | null }) {
  return call<string>("/api/pres/shared/quizz/init", { json: input, read: "text" });
}

export function updateQuiz(quiz: string, details: WizardQuizDetails) {
  return call<WizardQuizDetails>(`/api/pres/shared/quizz/update/${quizPath(quiz)}`, { json: details });
}

export function reorderQuestions(quiz: string, order: number[]) {
  return call<WizardQuestion[]>(`/api/pres/shared/quizz/question/order/${quizPath(quiz)}`, { json: { order } });
}

export function getQuestions(quiz: string) {
  return call<WizardQuestion[]>(`/api/pres/shared/quizz/get/${quizPath(quiz)}`, { cache: "no-store" });
}

export function deleteQuestion(quiz: string, questionId: number) {
  return call<WizardQuestion[]>(`/api/pres/shared/quizz/question/delete/${quizPath(quiz)}/${questionId}`, { method: "POST" });
}

export function saveMapSettings(quiz: string, mapSettings: MapSettings) {
  return call<unknown>(`/api/pres/shared/quizz/mapSettings/${quizPath(quiz)}`, { json: { mapSettings } });
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
function sendForm(url: string, form: FormData, onProgress: (percent: number) => void): Promise<ApiResult<WizardQuestion>> {
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
        resolve({ ok: true, value: body as WizardQuestion, status: xhr.status });
        return;
      }
      resolve({ ok: false, status: xhr.status, error: errorOf(body) ?? refusalSentence(xhr.status, FALLBACK) });
    };
    xhr.onerror = () => resolve({ ok: false, status: 0, error: MSG.network });
    xhr.send(form);
  });
}
