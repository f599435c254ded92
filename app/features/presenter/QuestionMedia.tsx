import { useRouteLoaderData } from "@remix-run/react";
import type { QuizQuestion } from "@common/protocol";
import { formatLat, formatLng } from "@common/projection";
import type { PublicEnv } from "@common/public-env";
import { streetViewEmbedUrl } from "@common/streetview";

/**
 * The question's picture, large: the photo, or the Street View view rebuilt from the parsed
 * numbers (DESIGN §6). Without a Maps key (offline) a panel gives the position instead of a
 * blank frame.
 */
export function QuestionMedia({ question, index }: { question: QuizQuestion; index: number }) {
  const root = useRouteLoaderData("root") as { env?: PublicEnv } | undefined;
  const online = !!root?.env?.googleMapsApiKey;
  const label = `Question ${index + 1} : où a été prise cette photo ?`;

  if (question.kind === "streetview" && question.streetview) {
    const sv = question.streetview;
    if (online) {
      return (
        <iframe
          className="question-streetview"
          title={label}
          src={streetViewEmbedUrl({ pano: sv.panoId, lat: sv.lat, lng: sv.lng, heading: sv.heading, pitch: sv.pitch, fov: sv.fov })}
          allowFullScreen
          loading="eager"
          referrerPolicy="no-referrer-when-downgrade"
        />
      );
    }
    return (
      <div className="question-offline" role="img" aria-label={`${label} (vue Street View hors ligne)`}>
        <p className="question-offline-title">Vue Street View</p>
        <p className="question-offline-sub">Google Maps n'est pas disponible : la vue ne peut pas s'afficher.</p>
        <dl className="question-offline-pos">
          <div>
            <dt>Position</dt>
            <dd>
              {formatLat(sv.lat, 5)}, {formatLng(sv.lng, 5)}
            </dd>
          </div>
          <div>
            <dt>Direction</dt>
            <dd>{Math.round(sv.heading)}°</dd>
          </div>
          <div>
            <dt>Inclinaison</dt>
            <dd>{Math.round(sv.pitch)}°</dd>
          </div>
        </dl>
      </div>
    );
  }
  if (!question.imageUrl) {
    return (
      <div className="question-offline" role="img" aria-label={label}>
        <p className="question-offline-title">{question.titre || question.name}</p>
      </div>
    );
  }
  return (
    <div className="question-photo">
      <img className="question-photo-backdrop" src={question.imageUrl} alt="" aria-hidden="true" />
      <img className="question-photo-img" src={question.imageUrl} alt={label} />
    </div>
  );
}
