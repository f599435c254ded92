import type { QuizQuestion } from "@common/wire/protocol";
import { useT } from "~/components/I18n";
import { StreetViewFrame } from "~/features/map/StreetViewFrame";

/**
 * The question's picture, large: the photo, or Google's Street View embed rebuilt from the
 * parsed numbers (no key needed). Where Google cannot be reached, the frame says so and never
 * shows the position: this screen is on the projector before the answer.
 */
export function QuestionMedia({ question, index }: { question: QuizQuestion; index: number }) {
  const t = useT();
  const label = t("presenter.question.photo", { n: index + 1 });

  if (question.kind === "streetview" && question.streetview) {
    const sv = question.streetview;
    return (
      <StreetViewFrame
        className="question-streetview"
        title={label}
        sv={{ pano: sv.panoId, lat: sv.lat, lng: sv.lng, heading: sv.heading, pitch: sv.pitch, fov: sv.fov }}
      />
    );
  }
  if (!question.imageUrl) {
    return (
      <div className="question-offline" role="img" aria-label={label}>
        <p className="question-offline-title">{question.title || question.name}</p>
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
