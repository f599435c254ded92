import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { MSG } from "@common/messages";
import type { NightCatalog } from "@common/presenter/types";
import { I18nRoot } from "~/components/I18n";
import { publicMeta } from "~/features/public/meta";
import { PublicError } from "~/features/public/PublicError";
import { QuestionPage } from "~/features/public/QuestionPage";
import { requireAccount } from "~/server/auth/auth.server";
import { pageLoader } from "~/server/http/http.server";
import { parseParams } from "~/server/http/input.server";
import { roomQuestionWords } from "~/server/rooms/presenter.server";
import { Refusal } from "~/server/http/refusal.server";
import { roomPageHeaders, roomQuestionPage } from "~/server/rooms/room-question.server";
import { clientAddress, countRoomCall } from "~/server/throttle/throttle.server";
import publicCss from "~/features/public/public.css?url";

/**
 * /salle/{room}/question: « Retour photo & carte », the question the room revealed last, for the
 * room's owner and the admin, in the night's language: it opens on the projector. Its address
 * names the room, not the quiz.
 */
const Params = z.object({ room: z.string() });

export const loader = pageLoader(async ({ request, context, params }: LoaderFunctionArgs) => {
  const account = await requireAccount(request, context);
  const { room } = parseParams(params, Params, Refusal.notFound(MSG.roomNotFound));
  await countRoomCall(context, clientAddress(request));
  const page = await roomQuestionPage(context, account, room);
  const words = await roomQuestionWords(context, account, room, { quiz: page.quizName, n: page.question.index + 1 });
  return { page, ...words };
});
export const headers = roomPageHeaders;

export const links: LinksFunction = () => [{ rel: "stylesheet", href: publicCss }];

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => publicMeta(data, matches);

export default function RoomQuestionRoute() {
  const { page, catalog } = useLoaderData<typeof loader>();
  return (
    // The compiled messages' type does not survive the loader's JSON typing: they are the same.
    <I18nRoot catalog={catalog as NightCatalog}>
      {/* A box of no layout of its own: it only says the language of what it holds. */}
      <div lang={catalog.locale} style={{ display: "contents" }}>
        <QuestionPage data={page} />
      </div>
    </I18nRoot>
  );
}

export const ErrorBoundary = PublicError;
