/** The admin's bodies as the browser reads them (types.ts says what each is; ../decode.ts how). */
import { object, str } from "../../wire/codec";
import { decoderOf } from "../decode";
import type { AdminDone } from "./types";

/** POST /api/pres/admin/mj, …/mj/delete/{id}, …/replaceSound/…, …/resetSound/{id}. */
export const decodeAdminDone = decoderOf<AdminDone>()(object({ message: str() }));
