import { useId, useState } from "react";
import type { DefiInfo } from "@common/contracts/defi/types";
import type { Words } from "@common/i18n/ids";
import { DEFI_MSG, DEFI_NAME_FIELD_MAX, playerTiming } from "@common/rules";
import { useT } from "~/components/I18n";
import { LanguageSwitch } from "~/components/LanguageSwitch";
import { PlayerScreen } from "~/features/player/Common";
import { classementUrl, DoneView } from "./DefiDone";
import { useDefiDate } from "./time-zone";

/**
 * A défi's first screen: what it is (questions and their time, its deadline in the reader's own
 * time, one attempt per device, when the spots are shown), the player's name (or the promise of a
 * pseudo), and, when its MJ allows it, « Temps adapté » to ask for. A language switch on top.
 */
export function Intro({
  defi,
  busy,
  notice,
  onStart,
}: {
  defi: DefiInfo;
  busy: boolean;
  notice: Words | null;
  onStart: (start: { name: string | undefined; adapted: boolean }) => void | Promise<void>;
}) {
  const t = useT();
  const ids = useId();
  const dateText = useDefiDate();
  const [name, setName] = useState("");
  const [asked, setAsked] = useState(false);
  if (!defi.open) return <DoneView defi={defi} me={null} />;
  const free = defi.nameMode === "free";
  const adapted = defi.adapted;
  // Everyone's clock, when the whole défi plays with adapted time.
  const { limitMs } = playerTiming(defi.answerTimeSec * 1000, defi.speedPointsMax, adapted, adapted?.all ?? false);
  return (
    <PlayerScreen className="df-screen df-intro">
      <LanguageSwitch className="df-lang" />
      <p className="pl-kicker">{t("defi.intro.kicker")}</p>
      <h1 className="pl-title">{defi.quizName}</h1>
      {defi.description ? <p className="pl-lead">{defi.description}</p> : null}
      <ul className="df-facts">
        <li>
          {limitMs === null
            ? t("defi.intro.questionsNoLimit", { n: defi.questionCount })
            : t("defi.intro.questions", { n: defi.questionCount, seconds: limitMs / 1000 })}
        </li>
        {adapted?.all ? <li>{t("defi.adapted.boardAll", { kind: adapted.kind, speed: adapted.speed })}</li> : null}
        <li>{t("defi.intro.until", { date: dateText(defi.deadline) })}</li>
        <li>{t("defi.intro.oneDevice")}</li>
        <li>{t(defi.reveal === "each" ? DEFI_MSG.practice : DEFI_MSG.spotsAtEnd)}</li>
        {defi.boardHidden ? <li>{t(DEFI_MSG.boardHiddenNotice)}</li> : null}
      </ul>
      <form
        className="df-start"
        onSubmit={(e) => {
          e.preventDefault();
          void onStart({ name: free ? name : undefined, adapted: asked });
        }}
      >
        {free ? (
          <label className="df-field">
            <span>{t("defi.intro.name")}</span>
            <input
              value={name}
              onChange={(e) => setName(e.target.value)}
              maxLength={DEFI_NAME_FIELD_MAX}
              autoComplete="name"
              required
              aria-invalid={notice ? true : undefined}
              aria-describedby={notice ? "df-error" : undefined}
            />
          </label>
        ) : (
          <p className="pl-lead">{t("defi.intro.pseudo")}</p>
        )}
        {adapted && !adapted.all && adapted.ask ? (
          <div className="df-ask">
            <label className="df-check">
              <input type="checkbox" checked={asked} onChange={(e) => setAsked(e.target.checked)} aria-describedby={`${ids}-ask`} />
              <span>{t("defi.adapted.ask")}</span>
            </label>
            <p id={`${ids}-ask`} className="df-hint">
              {t("defi.adapted.askHint", { kind: adapted.kind, speed: adapted.speed })}
            </p>
          </div>
        ) : null}
        {notice ? (
          <p id="df-error" className="pl-notice" role="alert">
            {t(notice)}
          </p>
        ) : null}
        <button type="submit" className="button pl-button" disabled={busy}>
          {t("defi.play.start")}
        </button>
      </form>
      <a className="df-link" href={classementUrl(defi.code)}>
        {t("defi.intro.board")}
      </a>
    </PlayerScreen>
  );
}
