import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { and, eq } from "drizzle-orm";
import { questions } from "@db/schema";
import { serveMedia } from "~/server/media.server";
import { UNIQUE_NAME } from "@common/slug";

const FILE = /^[a-f0-9]{64}\.(jpg|png|webp|gif)$/;

/**
 * Spec §7: a question's picture, public like the /watch page. Only a file one of the quiz's
 * questions uses is served: knowing a quiz's name does not open the whole bucket.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const quizName = params.quizName ?? "";
  const filename = params.filename ?? "";
  if (!UNIQUE_NAME.test(quizName) || !FILE.test(filename)) return new Response("Introuvable", { status: 404 });
  const key = `photos/${filename}`;
  const [used] = await context.db
    .select({ id: questions.id })
    .from(questions)
    .where(and(eq(questions.quizUniqueName, quizName), eq(questions.fileKey, key)))
    .limit(1);
  if (!used) return new Response("Introuvable", { status: 404 });
  return serveMedia(context.cloudflare.env.BUCKET, key, request);
}
