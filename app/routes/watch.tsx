import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { useState } from "react";
import { useT } from "~/components/I18n";
import { useCoordinates } from "~/features/map/coordinates";
import { GameMap } from "~/features/map/GameMap";
import { publicMeta } from "~/features/public/meta";
import { PublicBar } from "~/features/public/PublicBar";
import { PublicError } from "~/features/public/PublicError";
import { QuestionPhoto, StreetViewBadge } from "~/features/public/Thumb";
import { QUIZ_NOT_FOUND } from "@common/contracts/public/quiz";
import { sessionAccounts } from "~/server/auth/auth.server";
import { pageLoader } from "~/server/http/http.server";
import { localeOf, translator } from "~/server/i18n/i18n.server";
import { parseQuery } from "~/server/http/input.server";
import { PublicQuizQuery, publicPageHeaders, watchPage } from "~/server/quiz/public-quiz.server";
import { Refusal } from "~/server/http/refusal.server";
import publicCss from "~/features/public/public.css?url";
import { StatusNote } from "~/components/StatusNote";

/**
 * /watch?quiz={unique name}: the public viewer of a quiz. No login: the unique name, with its
 * random suffix, is the secret. While the quiz is played, only the questions already revealed
 * (docs/architecture.md, Security model).
 */
export const loader = pageLoader(async ({ request, context }: LoaderFunctionArgs) => {
  const { quiz } = parseQuery(request, PublicQuizQuery, Refusal.notFound(QUIZ_NOT_FOUND));
  const page = await watchPage(context, () => sessionAccounts(request, context), quiz);
  return { ...page, title: translator(localeOf(request))("public.meta.watch", { quiz: page.quiz.name }) };
});
export const headers = publicPageHeaders;

export const links: LinksFunction = () => [{ rel: "stylesheet", href: publicCss }];

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => publicMeta(data, matches);

export default function Watch() {
  const t = useT();
  const coords = useCoordinates();
  const { quiz, questions: list, notice, whole, map } = useLoaderData<typeof loader>();
  const [selected, setSelected] = useState(0);
  const current = list[selected] ?? null;

  return (
    <div className="public-page watch">
      <PublicBar title={quiz.name} subtitle={quiz.description} />

      <StatusNote words={notice} className="public-notice watch-notice" />

      <div className="watch-body">
        <nav className="watch-list" aria-label={t("public.watch.list")}>
          {list.length === 0 ? (
            <p className="watch-empty">{t(whole ? "public.watch.empty" : "public.watch.nothingRevealed")}</p>
          ) : (
            <ol>
              {list.map((q) => (
                <li key={q.index}>
                  <button
                    type="button"
                    className="watch-thumb"
                    aria-pressed={q.index === selected}
                    onClick={() => setSelected(q.index)}
                  >
                    {q.media.kind === "photo" ? (
                      <QuestionPhoto className="watch-thumb-media" src={q.media.url} alt="" loading="lazy" />
                    ) : (
                      <StreetViewBadge className="watch-thumb-media" />
                    )}
                    <span className="watch-thumb-text">
                      <span className="watch-thumb-num">{q.index + 1}</span>
                      <span className="watch-thumb-name">{q.name}</span>
                    </span>
                  </button>
                </li>
              ))}
            </ol>
          )}
        </nav>

        <section className="watch-map" aria-label={t("public.watch.region")}>
          <GameMap
            bounds={map.bounds}
            center={map.center}
            zoom={map.zoom}
            ariaLabel={t("public.watch.map")}
            markers={
              current
                ? [
                    {
                      id: `q${current.index}`,
                      position: current.position,
                      label: t("public.watch.marker", { n: current.index + 1, name: current.name }),
                    },
                  ]
                : []
            }
          />
          {current ? (
            <p className="watch-caption" aria-live="polite">
              <span className="watch-caption-title">
                {t(whole ? "public.questionOf" : "public.question", { n: current.index + 1, total: list.length })} ·{" "}
                <strong>{current.name}</strong>
              </span>
              <span className="watch-caption-coords">{coords.point(current.position, 5)}</span>
              <a
                className="watch-caption-link"
                href={`/question?quiz=${encodeURIComponent(quiz.uniqueName)}&questionNumber=${current.index}`}
                target="_blank"
                rel="noopener"
                aria-label={t("public.watch.seeLabel")}
              >
                {t("public.watch.see")}
              </a>
            </p>
          ) : null}
        </section>
      </div>
    </div>
  );
}

export const ErrorBoundary = PublicError;
