// The phone's screens while it waits on the room: the lobby, the countdown to the first question,
// an answer given and the question not yet closed.
import { useEffect, useState } from "react";
import { useFormats } from "./format";
import type { Me } from "./play-state";
import { MarkerImage, PlayerScreen, Spinner } from "./Common";
import { RichText, useT } from "~/components/I18n";
import { LanguageSwitch } from "~/components/LanguageSwitch";
import { useTeamName } from "~/components/team-name";

export function LobbyScreen({ me }: { me: Me }) {
  const t = useT();
  const teamName = useTeamName();
  return (
    <PlayerScreen className="pl-lobby">
      <h1 className="pl-title">{t("player.lobby.title")}</h1>
      <section className="pl-card pl-me" aria-label={t("player.lobby.me")}>
        <p className="pl-me-label">{t("player.lobby.youAre")}</p>
        <MarkerImage marker={me.marker} size={88} />
        <p className="pl-me-pseudo">{me.pseudo}</p>
        {me.team ? <p className="pl-team-name">{teamName(me.team)}</p> : null}
      </section>
      <ol className="pl-steps">
        <li>{t("player.lobby.step1")}</li>
        <li>{t("player.lobby.step2")}</li>
        <li>
          <RichText id="player.lobby.step3" components={{ 0: <strong /> }} />
        </li>
      </ol>
      <Spinner label={t("player.lobby.waiting")} status={false} />
      <LanguageSwitch className="pl-lang" />
    </PlayerScreen>
  );
}

export function StartingScreen({ endsAt }: { endsAt: number }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(id);
  }, []);
  const t = useT();
  const seconds = Math.max(0, Math.ceil((endsAt - now) / 1000));
  return (
    <PlayerScreen className="pl-center pl-starting">
      <h1 className="pl-title pl-title-huge">{t("player.starting.title")}</h1>
      <p className="pl-count" aria-hidden="true">
        {seconds > 0 ? seconds : t("player.starting.go")}
      </p>
      <p className="pl-lead">{t("player.starting.lead")}</p>
    </PlayerScreen>
  );
}

export function AnsweredScreen({ me, elapsedMs }: { me: Me; elapsedMs: number }) {
  const t = useT();
  const f = useFormats();
  return (
    <PlayerScreen className="pl-center pl-answered">
      <span className="pl-check" aria-hidden="true">
        ✓
      </span>
      <h1 className="pl-title">{t("player.answered.title")}</h1>
      <p className="pl-me-inline">
        <MarkerImage marker={me.marker} size={40} />
        <span>{me.pseudo}</span>
      </p>
      <p className="pl-big-line">{t("player.answered.time", { time: f.seconds(elapsedMs) })}</p>
      <Spinner label={t("player.answered.waiting")} status={false} />
    </PlayerScreen>
  );
}
