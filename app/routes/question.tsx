import type { LinksFunction, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { GameMap } from "~/features/map/GameMap";
import { formatLat, formatLng } from "@common/projection";
import { PublicBar } from "~/features/public/PublicBar";
import { PublicError } from "~/features/public/PublicError";
import { QuestionPhoto } from "~/features/public/Thumb";
import { StreetViewFrame } from "~/features/map/StreetViewFrame";
import { questionPage } from "~/server/public-quiz.server";
import publicCss from "~/features/public/public.css?url";

/**
 * /question?quiz={name}&questionNumber={index}: one question, large, opened in a new window from
 * the presenter's ranking ('Retour photo & carte'); its button closes that window.
 */
export const loader = questionPage;

export const links: LinksFunction = () => [{ rel: "stylesheet", href: publicCss }];

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  {
    title: data
      ? `${data.quiz.name} — question ${data.question.index + 1} — Repère`
      : "Question introuvable — Repère",
  },
  { name: "robots", content: "noindex" },
];

function closeWindow() {
  window.close();
  // A window the browser will not let a script close (opened by hand): go somewhere useful.
  setTimeout(() => {
    if (!window.closed) window.history.length > 1 ? window.history.back() : window.location.assign("/");
  }, 300);
}

export default function QuestionPage() {
  const { quiz, count, question, description, map } = useLoaderData<typeof loader>();
  const media = question.media;

  return (
    <div className="public-page question-page">
      <PublicBar title={quiz.name} subtitle={`Question ${question.index + 1} sur ${count}`}>
        <button type="button" className="button question-back" onClick={closeWindow}>
          Retour au classement
        </button>
      </PublicBar>

      <main className="question-body">
        <section className="question-media" aria-label="Photo de la question">
          {media.kind === "photo" ? (
            <QuestionPhoto
              className="question-photo"
              src={media.url}
              alt={`Photo de la question ${question.index + 1}`}
            />
          ) : media.kind === "streetview" ? (
            <StreetViewFrame
              className="question-streetview"
              title={`Street View de la question ${question.index + 1}`}
              sv={media.streetView}
              loading="lazy"
            />
          ) : (
            <p className="question-no-media">Aucune image pour cette question.</p>
          )}
        </section>

        <section className="question-info" aria-labelledby="question-name">
          <h2 id="question-name">{question.name}</h2>
          <p className="question-description">{description}</p>
          <div className="question-map">
            <GameMap
              bounds={map.bounds}
              center={map.center}
              zoom={map.zoom}
              ariaLabel="Carte de l'emplacement de la question"
              markers={[{ id: "spot", position: question.position, label: "Emplacement" }]}
            />
          </div>
          <p className="question-coords">
            {`${formatLat(question.position.lat, 5)}, ${formatLng(question.position.lng, 5)}`}
          </p>
        </section>
      </main>
    </div>
  );
}

export const ErrorBoundary = PublicError;
