import type { ActionFunctionArgs, LinksFunction } from "@remix-run/cloudflare";
import { Form, Link, redirect, useActionData, useNavigation } from "@remix-run/react";
import type { ClientActionFunctionArgs } from "@remix-run/react";
import { useEffect, useState } from "react";
import { z } from "zod";
import { MSG } from "@common/contracts/messages";
import { checkRoom, normaliseRoomInput } from "@common/client/room-check";
import { pageAction } from "~/server/http/http.server";
import { parseForm } from "~/server/http/input.server";
import { requireLiveRoom } from "~/server/rooms/rooms.server";
import { clientAddress } from "~/server/throttle/throttle.server";
import { FieldError } from "~/components/FieldError";
import { BrandName } from "~/components/BrandName";
import { useT } from "~/components/I18n";
import { LanguageSwitch } from "~/components/LanguageSwitch";
import type { Words } from "@common/i18n/ids";
import { warmUpPlayerScreens } from "~/features/player/warm-up";
import playerCss from "~/features/player/player.css?url";

// The room's stylesheet, fetched at low priority while the number is typed (docs/phone-join.md).
export const links: LinksFunction = () => [{ rel: "prefetch", as: "style", href: playerCss }];

/** The number as typed: digits once the spaces are gone; anything else is a missing number. */
const JoinForm = z.object({ room: z.unknown().transform((raw) => normaliseRoomInput(raw)).pipe(z.string()) });

/** Without JavaScript the form posts here; the same room check answers, then the room's page. */
export const action = pageAction(async ({ request, context }: ActionFunctionArgs) => {
  const { room: number } = await parseForm(request, JoinForm);
  const room = await requireLiveRoom(context, clientAddress(request), number);
  return redirect(room.random ? `/play/${room.roomNumber}` : `/join/${room.roomNumber}`);
});

/** With JavaScript the phone asks the room check itself. */
export async function clientAction({ request }: ClientActionFunctionArgs) {
  const roomNumber = normaliseRoomInput((await request.formData()).get("room"));
  if (!roomNumber) return { refused: MSG.required };
  const result = await checkRoom(roomNumber);
  if (!result.ok) return { refused: result.error };
  return redirect(result.path);
}

export default function Home() {
  const t = useT();
  // The server's own answer is worded already (no JavaScript); the phone's check gives words.
  const result = useActionData<{ error?: string; refused?: Words }>();
  const navigation = useNavigation();
  const [localError, setLocalError] = useState<Words | null>(null);
  const busy = navigation.state !== "idle";
  const refused = localError ?? result?.refused;
  const error = refused ? t(refused) : result?.error;
  useEffect(warmUpPlayerScreens, []);

  return (
    <div className="page home">
      <main>
        <h1 className="brand">
          <BrandName />
        </h1>
        <p className="lead">{t("home.lead")}</p>
        <Form
          method="post"
          className="room-form"
          noValidate
          onSubmit={(event) => {
            const value = new FormData(event.currentTarget).get("room");
            if (!normaliseRoomInput(value)) {
              event.preventDefault();
              setLocalError(MSG.required);
            } else {
              setLocalError(null);
            }
          }}
        >
          <label htmlFor="room">{t("home.roomLabel")}</label>
          <input
            id="room"
            name="room"
            inputMode="numeric"
            autoComplete="off"
            pattern="[0-9]*"
            maxLength={12}
            placeholder="123456"
            aria-describedby={error ? "room-error" : undefined}
            aria-invalid={error ? true : undefined}
          />
          <FieldError error={error} id="room-error" />
          <button type="submit" className="button" disabled={busy}>
            {busy ? t("common.busy") : t("home.join")}
          </button>
        </Form>
      </main>
      <footer>
        <LanguageSwitch />
        <Link to="/pres">{t("home.admin")}</Link>
        <Link to="/mj">{t("home.gameMasters")}</Link>
      </footer>
    </div>
  );
}
