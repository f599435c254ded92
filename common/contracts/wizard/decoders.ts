/** The wizard's bodies as the browser reads them (types.ts says what each is; ../decode.ts how). */
import { list, nullable, num, object, oneOf, str } from "../../wire/codec";
import { decoderOf } from "../decode";
import type { WizardQuestion, WizardQuizDetails } from "./types";

const question = object({
  id: num(),
  position: num(),
  kind: oneOf(["photo", "streetview"] as const),
  name: str(),
  coords: object({ lat: num(), lng: num() }),
  filename: nullable(str()),
  imageUrl: nullable(str()),
  titre: nullable(str()),
  description: nullable(str()),
  streetView: nullable(
    object({ pano: nullable(str()), lat: num(), lng: num(), heading: num(), pitch: num(), fov: nullable(num()) }),
  ),
  embedUrl: nullable(str()),
});

/** POST /api/pres/shared/quizz/update/{quiz}: the details as saved. */
export const decodeWizardQuizDetails = decoderOf<WizardQuizDetails>()(
  object({ name: str(), description: str(), speedPointsMax: num() }),
);

/** POST /api/pres/shared/quizz/question/new/{quiz} and …/update/{quiz}/{id}: the question as saved. */
export const decodeWizardQuestion = decoderOf<WizardQuestion>()(question);

/** GET /api/pres/shared/quizz/get/{quiz}, and the list after a reorder or a deletion. */
export const decodeWizardQuestions = decoderOf<WizardQuestion[]>()(list(question));
