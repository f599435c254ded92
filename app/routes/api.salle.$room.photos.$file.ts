import { apiRoute } from "~/server/http.server";
import { serveRoomPhoto } from "~/server/room-question.server";

/** GET: a photo of the quiz the room plays, for the room's owner and the admin (the presenter's screen). */
export const loader = apiRoute({ GET: serveRoomPhoto });
export const action = loader;
