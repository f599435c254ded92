import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { useState } from "react";
import { GameMap } from "~/features/map/GameMap";
import { formatLat, formatLng } from "@common/projection";
import { PublicBar } from "~/features/public/PublicBar";
import { PublicError } from "~/features/public/PublicError";
import { QuestionPhoto, StreetViewBadge } from "~/features/public/Thumb";
import { QUIZ_NOT_FOUND } from "@common/public-quiz";
import { sessionAccounts } from "~/server/auth.server";
import { pageLoader } from "~/server/http.server";
import { parseQuery } from "~/server/input.server";
import { PublicQuizQuery, publicPageHeaders, watchPage } from "~/server/public-quiz.server";
import { Refusal } from "~/server/refusal.server";
import publicCss from "~/features/public/public.css?url";

/**
 * /watch?quiz={unique name}: the public viewer of a quiz. No login: the unique name, with its
 * random suffix, is the secret. While the quiz is played, only the questions already revealed
 * (docs/architecture.md, Security model).
 */
export const loader = pageLoader(async ({ request, context }: LoaderFunctionArgs) => {
  const { quiz } = parseQuery(request, PublicQuizQuery, Refusal.notFound(QUIZ_NOT_FOUND));
  return watchPage(context, () => sessionAccounts(request, context), quiz);
});
export const headers = publicPageHeaders;

export const links: LinksFunction = () => [{ rel: "stylesheet", href: publicCss }];

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `${data.quiz.name} — Repère` : "Quiz introuvable — Repère" },
  // The link is a secret shared by hand: keep it out of search engines.
  { name: "robots", content: "noindex" },
];

export default function Watch() {
  const { quiz, questions: list, notice, whole, map } = useLoaderData<typeof loader>();
  const [selected, setSelected] = useState(0);
  const current = list[selected] ?? null;

  return (
    <div className="public-page watch">
      <PublicBar title={quiz.name} subtitle={quiz.description} />

      {notice ? (
        <p className="public-notice watch-notice" role="status">
          {notice}
        </p>
      ) : null}

      <div className="watch-body">
        <nav className="watch-list" aria-label="Questions du quiz">
          {list.length === 0 ? (
            <p className="watch-empty">
              {whole ? "Ce quiz ne contient pas encore de question." : "Aucune réponse révélée pour l'instant."}
            </p>
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

        <section className="watch-map" aria-label="Emplacement de la question choisie">
          <GameMap
            bounds={map.bounds}
            center={map.center}
            zoom={map.zoom}
            ariaLabel="Carte de l'emplacement de la question choisie"
            markers={
              current
                ? [
                    {
                      id: `q${current.index}`,
                      position: current.position,
                      label: `${current.index + 1}. ${current.name}`,
                    },
                  ]
                : []
            }
          />
          {current ? (
            <p className="watch-caption" aria-live="polite">
              <span className="watch-caption-title">
                {whole ? `Question ${current.index + 1} sur ${list.length}` : `Question ${current.index + 1}`} ·{" "}
                <strong>{current.name}</strong>
              </span>
              <span className="watch-caption-coords">
                {`${formatLat(current.position.lat, 5)}, ${formatLng(current.position.lng, 5)}`}
              </span>
              <a
                className="watch-caption-link"
                href={`/question?quiz=${encodeURIComponent(quiz.uniqueName)}&questionNumber=${current.index}`}
                target="_blank"
                rel="noopener"
              >
                Voir la question
              </a>
            </p>
          ) : null}
        </section>
      </div>
    </div>
  );
}

export const ErrorBoundary = PublicError;
