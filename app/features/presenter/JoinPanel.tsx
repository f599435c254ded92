import { QRCodeSVG } from "qrcode.react";
import { memo } from "react";
import { splitRoomCode } from "@common/contracts/presenter/room-code";
import { RichText, useT } from "~/components/I18n";
import { LockIcon } from "./LockButton";
import type { RoomInfo } from "./screen-state";

/**
 * The lobby's top half: the quiz, how to join (QR code, address, room number). Memoised: the
 * players' list below changes a few times a second in a rush, and the QR code is worked out
 * again at every render.
 */
export const JoinPanel = memo(function JoinPanel({
  room,
  origin,
  host,
  lobbyPicture,
  locked,
}: {
  room: RoomInfo;
  origin: string;
  host: string;
  lobbyPicture: string;
  locked: boolean;
}) {
  const t = useT();
  const code = splitRoomCode(room.roomNumber);
  return (
    <section className="lobby-top">
      <figure className="lobby-picture">
        <img src={lobbyPicture} alt="" />
        <figcaption>
          <span className="lobby-kicker">{t("presenter.lobby.quiz")}</span>
          <span className="lobby-quiz">{room.quiz.name}</span>
        </figcaption>
      </figure>
      <div className="lobby-join">
        {locked ? (
          <h1 className="lobby-title lobby-title-locked">
            <LockIcon size={48} /> {t("presenter.lobby.locked")}
          </h1>
        ) : (
          <h1 className="lobby-title">{t("presenter.lobby.join")}</h1>
        )}
        <div className="lobby-join-row">
          <div className="lobby-qr">
            <QRCodeSVG
              value={`${origin}/play/${room.roomNumber}`}
              size={150}
              level="H"
              marginSize={2}
              title={t("presenter.lobby.qr")}
            />
          </div>
          {/* One sentence, in each language's order: where to go, then which room. */}
          <div className="lobby-address">
            <RichText
              id="presenter.lobby.address"
              values={{ host, code }}
              components={{
                0: <p className="lobby-address-label" />,
                1: <p className="lobby-host" />,
                2: <p className="lobby-code" />,
                3: <span className="lobby-code-word" />,
                4: <span data-testid="room-code" />,
              }}
            />
          </div>
        </div>
      </div>
    </section>
  );
});
