import { formatLat, formatLng } from "@common/projection";
import type { QuestionPageData } from "@common/public-quiz";
import { GameMap } from "~/features/map/GameMap";
import { StreetViewFrame } from "~/features/map/StreetViewFrame";
import { PublicBar } from "./PublicBar";
import { QuestionPhoto } from "./Thumb";

function closeWindow() {
  window.close();
  // A window the browser will not let a script close (opened by hand): go somewhere useful.
  setTimeout(() => {
    if (!window.closed) window.history.length > 1 ? window.history.back() : window.location.assign("/");
  }, 300);
}

/**
 * One question, large: its photo or Street View, its description and its spot on the map. Opened in
 * a new window from the presenter's ranking ('Retour photo & carte'); its button closes that window.
 */
export function QuestionPage({ data }: { data: QuestionPageData }) {
  const { question, description, notice, map } = data;
  const media = question.media;

  return (
    <div className="public-page question-page">
      <PublicBar title={data.quizName} subtitle={data.subtitle}>
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
          {notice ? (
            <p className="public-notice" role="status">
              {notice}
            </p>
          ) : null}
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
