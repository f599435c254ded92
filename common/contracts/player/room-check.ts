/** GET /api/game/check/{room}: a live room answers whether its players get a random pseudo (/play) or choose one (/join). */
import { bool, object } from "../../wire/codec";
import { decoderOf } from "../decode";

export type RoomCheck = { random: boolean };

export const decodeRoomCheck = decoderOf<RoomCheck>()(object({ random: bool }));
