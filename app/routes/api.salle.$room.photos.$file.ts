import { apiRoute } from "~/server/http.server";
import { serveRoomPhoto } from "~/server/room-question.server";

/**
 * GET: a photo of the quiz the room plays, for the room's owner and the admin (the presenter's
 * screen), and for anyone once its question is open when the game shows the photos on the phones.
 */
export const loader = apiRoute({ GET: serveRoomPhoto });
export const action = loader;
