import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { QUESTION_PHOTO_MAX_BYTES } from "@common/rules";
import { MAX_UPLOAD_BODY, WIZARD_MSG } from "@common/wizard/types";
import { firstIssue, questionNameSchema, streetViewFieldsSchema } from "@common/wizard/schemas";
import { assertSameOrigin, requireAccount } from "~/server/auth.server";
import { COORDS_MSG, isValidLatLng, parseCoords, type CoordsResult } from "@common/coords";
import { stripLocation } from "@common/exif-strip";
import { addPhotoQuestion, addStreetViewQuestion, jsonError, requireQuiz } from "~/server/quiz-editor.server";
import { detectImage } from "@common/sniff";
import { parseStreetViewEmbed } from "@common/streetview";

/** `coords` is JSON {lat, lng} (spec §7); the typed 'lat,lng' form is accepted too. */
function readCoords(value: FormDataEntryValue | null): CoordsResult {
  if (typeof value !== "string" || !value.trim()) return { ok: false, error: COORDS_MSG.missing };
  try {
    const json: unknown = JSON.parse(value);
    if (json && typeof json === "object" && "lat" in json && "lng" in json) {
      const { lat, lng } = json as { lat: unknown; lng: unknown };
      if (typeof lat === "number" && typeof lng === "number" && isValidLatLng(lat, lng)) {
        return { ok: true, coords: { lat, lng } };
      }
      return { ok: false, error: COORDS_MSG.invalid };
    }
  } catch {
    // not JSON: the typed form below
  }
  return parseCoords(value);
}

const withoutExtension = (fileName: string) => fileName.replace(/\.[^./\\]*$/, "");

/**
 * Spec §7: POST multipart. A photo question sends uploadFile, name and coords; a Street View
 * question sends coords, name, iframe, titre and description. Answers 201 with the question.
 */
export async function action({ request, context, params }: ActionFunctionArgs) {
  if (request.method !== "POST") return jsonError(405, "Méthode non autorisée");
  assertSameOrigin(request);
  const account = await requireAccount(request, context);
  const quiz = await requireQuiz(context.db, account, params.quizName, "change");

  // Refused before the body is read: a browser always sends the length of a multipart body.
  const length = Number(request.headers.get("Content-Length") ?? "0");
  if (length > MAX_UPLOAD_BODY) return jsonError(413, WIZARD_MSG.tooLarge);

  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    return jsonError(400, WIZARD_MSG.required);
  }
  const file = form.get("uploadFile");
  const coords = readCoords(form.get("coords"));

  if (file !== null) {
    if (!(file instanceof File) || file.size === 0) return jsonError(400, WIZARD_MSG.noFile);
    if (file.size > QUESTION_PHOTO_MAX_BYTES) return jsonError(413, WIZARD_MSG.tooLarge);
    const rawName = form.get("name");
    const name = questionNameSchema.safeParse(
      typeof rawName === "string" && rawName.trim() ? rawName : withoutExtension(file.name),
    );
    if (!name.success) return jsonError(400, firstIssue(name.error));
    if (!coords.ok) return jsonError(400, coords.error);
    const bytes = new Uint8Array(await file.arrayBuffer());
    const type = detectImage(bytes);
    if (!type) return jsonError(400, WIZARD_MSG.notAnImage);
    const clean = stripLocation(bytes, type);
    if (!clean) return jsonError(400, WIZARD_MSG.unreadable);
    const question = await addPhotoQuestion(context.db, context.cloudflare.env.BUCKET, quiz, {
      bytes: clean,
      type,
      name: name.data,
      coords: coords.coords,
    });
    return Response.json(question, { status: 201 });
  }

  if (form.has("iframe")) {
    const fields = streetViewFieldsSchema.safeParse({
      titre: form.get("titre"),
      description: form.get("description"),
      iframe: form.get("iframe"),
    });
    if (!fields.success) return jsonError(400, firstIssue(fields.error));
    const streetView = parseStreetViewEmbed(fields.data.iframe);
    if (!streetView) return jsonError(400, WIZARD_MSG.streetViewMissing);
    if (!coords.ok) return jsonError(400, coords.error);
    const rawName = form.get("name");
    const name = questionNameSchema.safeParse(
      typeof rawName === "string" && rawName.trim() ? rawName : fields.data.titre,
    );
    if (!name.success) return jsonError(400, firstIssue(name.error));
    const question = await addStreetViewQuestion(context.db, quiz, {
      name: name.data,
      titre: fields.data.titre,
      description: fields.data.description,
      streetView,
      coords: coords.coords,
    });
    return Response.json(question, { status: 201 });
  }

  return jsonError(400, WIZARD_MSG.required);
}
