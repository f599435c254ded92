import type { QuestionPageData } from "@common/contracts/public/quiz";
import { useT } from "~/components/I18n";
import { useCoordinates } from "~/features/map/coordinates";
import { GameMap } from "~/features/map/GameMap";
import { StreetViewFrame } from "~/features/map/StreetViewFrame";
import { PublicBar } from "./PublicBar";
import { QuestionPhoto } from "./Thumb";
import { StatusNote } from "~/components/StatusNote";

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
  const t = useT();
  const coords = useCoordinates();
  const { question, description, notice, map } = data;
  const media = question.media;
  const n = question.index + 1;

  return (
    <div className="public-page question-page">
      <PublicBar title={data.quizName} subtitle={t(data.subtitle)}>
        <button type="button" className="button question-back" onClick={closeWindow}>
          {t("public.back")}
        </button>
      </PublicBar>

      <main className="question-body">
        <section className="question-media" aria-label={t("public.media")}>
          {media.kind === "photo" ? (
            <QuestionPhoto className="question-photo" src={media.url} alt={t("public.photoAlt", { n })} />
          ) : media.kind === "streetview" ? (
            <StreetViewFrame
              className="question-streetview"
              title={t("public.streetViewTitle", { n })}
              sv={media.streetView}
              loading="lazy"
            />
          ) : (
            <p className="question-no-media">{t("public.noMedia")}</p>
          )}
        </section>

        <section className="question-info" aria-labelledby="question-name">
          <h2 id="question-name">{question.name}</h2>
          <p className="question-description">{description ?? t("public.noDescription")}</p>
          <StatusNote words={notice} className="public-notice" />
          <div className="question-map">
            <GameMap
              bounds={map.bounds}
              center={map.center}
              zoom={map.zoom}
              ariaLabel={t("public.spotMap")}
              markers={[{ id: "spot", position: question.position, label: t("public.spot") }]}
            />
          </div>
          <p className="question-coords">{coords.point(question.position, 5)}</p>
        </section>
      </main>
    </div>
  );
}
