import { useId, useState } from "react";
import { LOCALE_NAMES, LOCALES, type Locale } from "@common/i18n/locales";
import {
  ANSWER_TIMES_SEC,
  defaultMaxPlayer,
  HELP_ZONES_M,
  MAX_TEAMS,
  maxPlayerLimit,
  MIN_TEAMS_OFFERED,
  NO_HELP_ZONE,
  type LaunchOptions,
} from "@common/rules";
import { useLocale, useT } from "./I18n";
import { useStreetViewNote } from "./street-view-note";

/**
 * The launch options of a game (answer time, help zone, icons, ranking, players, teams, the photo
 * on the phones, the night's language): the dashboard's quiz cards and the presenter's « Autre
 * quiz » show the same fields, which the launch query (launchParams) carries to the server. The
 * night's language shows the page's until one is chosen, which is also what the server takes then.
 */
export function LaunchOptionsFields({
  options,
  onChange,
  legend,
  streetViewQuestions = [],
}: {
  options: LaunchOptions;
  onChange: (update: (o: LaunchOptions) => LaunchOptions) => void;
  legend: string;
  /** The quiz's Street View questions (from 1): « Photo sur les téléphones » says they stay on the big screen. */
  streetViewQuestions?: number[];
}) {
  const t = useT();
  const pageLocale = useLocale();
  const [maxText, setMaxText] = useState<string | null>(null);
  const ids = useId();
  const team = options.mode === "team";
  const limit = maxPlayerLimit(options);
  const streetViewNote = useStreetViewNote("notOnPhones", streetViewQuestions);
  const svNote = options.photoOnPhones ? streetViewNote : null;

  const set = <K extends keyof LaunchOptions>(key: K, value: LaunchOptions[K]) => {
    if (key === "mode") setMaxText(null);
    onChange((o) => {
      const next = { ...o, [key]: value };
      if (key === "mode") next.maxPlayer = defaultMaxPlayer(next.mode);
      next.maxPlayer = Math.min(next.maxPlayer, maxPlayerLimit(next));
      return next;
    });
  };

  return (
    <fieldset className="launch">
      <legend className="sr-only">{legend}</legend>
      <AnswerTimeField id={`${ids}-time`} value={options.answerTimeSec} onChange={(s) => set("answerTimeSec", s)} />
      <HelpZoneField id={`${ids}-help`} value={options.helpZoneM} onChange={(z) => set("helpZoneM", z)} />
      <div className="launch-field">
        <label htmlFor={`${ids}-icon`}>{t("presenter.launch.icons")}</label>
        <select
          id={`${ids}-icon`}
          value={options.iconType}
          onChange={(e) => set("iconType", e.target.value as LaunchOptions["iconType"])}
        >
          <option value="random">{t("presenter.launch.iconsRandom")}</option>
          <option value="defined">{t("presenter.launch.iconsDefined")}</option>
        </select>
      </div>
      <div className="launch-field">
        <label htmlFor={`${ids}-ranking`}>{t("presenter.launch.ranking")}</label>
        <select
          id={`${ids}-ranking`}
          value={options.mode}
          onChange={(e) => set("mode", e.target.value as LaunchOptions["mode"])}
        >
          <option value="player">{t("presenter.launch.rankingPlayers")}</option>
          <option value="team">{t("presenter.launch.rankingTeams")}</option>
        </select>
      </div>
      <div className="launch-field">
        <label htmlFor={`${ids}-max`}>{t(team ? "presenter.launch.maxPerTeam" : "presenter.launch.maxPlayers")}</label>
        <input
          id={`${ids}-max`}
          type="number"
          inputMode="numeric"
          min={1}
          max={limit}
          value={maxText ?? options.maxPlayer}
          onChange={(e) => {
            // Let the field be emptied while typing; the launch link always holds a valid number.
            setMaxText(e.target.value);
            const n = Math.round(Number(e.target.value));
            if (e.target.value !== "" && Number.isFinite(n)) set("maxPlayer", Math.max(1, Math.min(limit, n)));
          }}
          onBlur={() => setMaxText(null)}
        />
      </div>
      {team ? (
        <div className="launch-field">
          <label htmlFor={`${ids}-teams`}>{t("presenter.launch.teams")}</label>
          <select id={`${ids}-teams`} value={options.maxTeam} onChange={(e) => set("maxTeam", Number(e.target.value))}>
            {Array.from({ length: MAX_TEAMS - MIN_TEAMS_OFFERED + 1 }, (_, i) => i + MIN_TEAMS_OFFERED).map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      <div className="launch-field">
        <label htmlFor={`${ids}-lang`}>{t("presenter.launch.locale")}</label>
        <select id={`${ids}-lang`} value={options.locale ?? pageLocale} onChange={(e) => set("locale", e.target.value as Locale)}>
          {LOCALES.map((code) => (
            // Each language in its own words, said in its own language.
            <option key={code} value={code} lang={code}>
              {LOCALE_NAMES[code]}
            </option>
          ))}
        </select>
      </div>
      <div className="launch-field launch-check">
        <input
          id={`${ids}-phones`}
          type="checkbox"
          checked={options.photoOnPhones}
          onChange={(e) => set("photoOnPhones", e.target.checked)}
          aria-describedby={svNote ? `${ids}-phones-note` : undefined}
        />
        <label htmlFor={`${ids}-phones`}>{t("presenter.launch.photoOnPhones")}</label>
      </div>
      {svNote ? (
        <p id={`${ids}-phones-note`} className="launch-note" role="status">
          {svNote}
        </p>
      ) : null}
    </fieldset>
  );
}

/** The answer time of each question: a launch's and a défi's. */
export function AnswerTimeField({ id, value, onChange }: { id: string; value: number; onChange: (sec: number) => void }) {
  const t = useT();
  return (
    <div className="launch-field">
      <label htmlFor={id}>{t("presenter.launch.time")}</label>
      <select id={id} value={value} onChange={(e) => onChange(Number(e.target.value))}>
        {ANSWER_TIMES_SEC.map((sec) => (
          <option key={sec} value={sec}>
            {t("presenter.launch.seconds", { n: sec })}
          </option>
        ))}
      </select>
    </div>
  );
}

/** The help square's side, or none: a launch's and a défi's. */
export function HelpZoneField({ id, value, onChange }: { id: string; value: number | null; onChange: (m: number | null) => void }) {
  const t = useT();
  return (
    <div className="launch-field">
      <label htmlFor={id}>{t("presenter.launch.helpZone")}</label>
      <select
        id={id}
        value={value === null ? NO_HELP_ZONE : String(value)}
        onChange={(e) => onChange(e.target.value === NO_HELP_ZONE ? null : Number(e.target.value))}
      >
        <option value={NO_HELP_ZONE}>{t("presenter.launch.noHelpZone")}</option>
        {HELP_ZONES_M.map((z) => (
          <option key={z} value={String(z)}>
            {t("presenter.launch.metres", { n: z })}
          </option>
        ))}
      </select>
    </div>
  );
}
