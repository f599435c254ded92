/**
 * The wizard's calls to the HTTP API (docs/architecture.md, Pages and HTTP API), from the browser.
 * Errors come back as words: the server's own sentence (already in the page's language) when it
 * sent one, else a fixed message per status (docs/architecture.md, How a request flows).
 */
import { okBody, textBody, type Decoder } from "@common/contracts/decode";
import { MSG } from "@common/contracts/messages";
import { decodeWizardQuestion, decodeWizardQuestions, decodeWizardQuizDetails } from "@common/contracts/wizard/decoders";
import type { MapSettings } from "@common/wire/protocol";
import { WIZARD_MSG, type WizardQuestion, type WizardQuizDetails } from "@common/contracts/wizard/types";
import { callApi, errorOf, refusalSentence, type ApiCall, type ApiResult } from "~/call-api";

const quizPath = (name: string) => encodeURIComponent(name);

/** A photo too large for the server is the wizard's own sentence (the photo's limit). */
const FALLBACK: ApiCall["fallback"] = { 413: WIZARD_MSG.tooLarge };

const call = <T>(url: string, decode: Decoder<T>, c: ApiCall = {}): Promise<ApiResult<T>> =>
  callApi(url, decode, { fallback: FALLBACK, ...c });

export function initQuiz(input: { name: string; description: string; speedPointsMax: number; folderId: number | null }) {
  return call("/api/pres/shared/quizz/init", textBody, { json: input, read: "text" });
}

export function updateQuiz(quiz: string, details: WizardQuizDetails) {
  return call(`/api/pres/shared/quizz/update/${quizPath(quiz)}`, decodeWizardQuizDetails, { json: details });
}

export function reorderQuestions(quiz: string, order: number[]) {
  return call(`/api/pres/shared/quizz/question/order/${quizPath(quiz)}`, decodeWizardQuestions, { json: { order } });
}

export function getQuestions(quiz: string) {
  return call(`/api/pres/shared/quizz/get/${quizPath(quiz)}`, decodeWizardQuestions, { cache: "no-store" });
}

export function deleteQuestion(quiz: string, questionId: number) {
  return call(`/api/pres/shared/quizz/question/delete/${quizPath(quiz)}/${questionId}`, decodeWizardQuestions, { method: "POST" });
}

export function saveMapSettings(quiz: string, mapSettings: MapSettings) {
  return call(`/api/pres/shared/quizz/mapSettings/${quizPath(quiz)}`, okBody, { json: { mapSettings } });
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
      // A success whose body is not the question saved is answered as a body that is not JSON.
      const question = xhr.status >= 200 && xhr.status < 300 ? decodeWizardQuestion(body) : null;
      if (question) {
        onProgress(100);
        resolve({ ok: true, value: question, status: xhr.status });
        return;
      }
      resolve({ ok: false, status: xhr.status, error: errorOf(body) ?? refusalSentence(xhr.status, FALLBACK) });
    };
    xhr.onerror = () => resolve({ ok: false, status: 0, error: MSG.network });
    xhr.send(form);
  });
}
