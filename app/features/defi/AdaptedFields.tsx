import { useId } from "react";
import type { MessageId } from "@common/i18n/ids";
import type { AdaptedKind, AdaptedSpeed, DefiNameMode } from "@common/rules";
import { useT } from "~/components/I18n";

/** « Temps adapté » as the creation dialog holds it, before it is sent. */
export type AdaptedChoice = { who: "none" | "all" | "some"; kind: AdaptedKind; speed: AdaptedSpeed; ask: boolean; names: string };

export const NO_ADAPTED: AdaptedChoice = { who: "none", kind: "double", speed: "stretched", ask: true, names: "" };

/** What the creation route takes (common/contracts/defi/schemas.ts): null without adapted time. */
export function adaptedBody(c: AdaptedChoice, nameMode: DefiNameMode) {
  if (c.who === "none") return null;
  const names = c.who === "some" && nameMode === "free" ? c.names.split("\n").filter((n) => n.trim() !== "") : [];
  return { kind: c.kind, speed: c.kind === "unlimited" ? "none" : c.speed, all: c.who === "all", ask: c.who === "some" && c.ask, names };
}

const WHO = { none: "defi.adapted.whoNone", all: "defi.adapted.whoAll", some: "defi.adapted.whoSome" } as const;
const KIND: Record<AdaptedKind, MessageId> = { double: "defi.adapted.kindDouble", unlimited: "defi.adapted.kindUnlimited" } as const;
const SPEED: Record<AdaptedSpeed, MessageId> = { stretched: "defi.adapted.speedStretched", none: "defi.adapted.speedNone" } as const;

/**
 * The creation dialog's « Temps adapté »: for nobody, the whole défi or some players; twice the
 * time or no limit; with twice the time, how speed points count; for some players, whether they
 * may ask for it on the first screen and (free names) whom the MJ names in advance.
 */
export function AdaptedFields({ value, onChange, nameMode }: { value: AdaptedChoice; onChange: (c: AdaptedChoice) => void; nameMode: DefiNameMode }) {
  const t = useT();
  const ids = useId();
  const set = (change: Partial<AdaptedChoice>) => onChange({ ...value, ...change });
  const radios = <K extends string>(group: string, options: Record<K, MessageId>, current: K, pick: (k: K) => void) =>
    (Object.keys(options) as K[]).map((k) => (
      <label key={k} className="defi-check">
        <input type="radio" name={`${ids}-${group}`} checked={current === k} onChange={() => pick(k)} />
        {t(options[k])}
      </label>
    ));
  return (
    <fieldset className="defi-names defi-adapted">
      <legend>{t("defi.adapted.legend")}</legend>
      <fieldset className="defi-group">
        <legend>{t("defi.adapted.who")}</legend>
        {radios("who", WHO, value.who, (who) => set({ who }))}
      </fieldset>
      {value.who === "none" ? null : (
        <>
          <fieldset className="defi-group">
            <legend>{t("defi.adapted.kind")}</legend>
            {radios("kind", KIND, value.kind, (kind) => set({ kind }))}
          </fieldset>
          {value.kind === "double" ? (
            <fieldset className="defi-group">
              <legend>{t("defi.adapted.speed")}</legend>
              {radios("speed", SPEED, value.speed, (speed) => set({ speed }))}
            </fieldset>
          ) : null}
        </>
      )}
      {value.who === "some" ? (
        <>
          <label className="defi-check">
            <input type="checkbox" checked={value.ask} onChange={(e) => set({ ask: e.target.checked })} />
            {t("defi.adapted.askLabel")}
          </label>
          {nameMode === "free" ? (
            <label className="defi-adapted-names">
              {t("defi.adapted.names")}
              <textarea rows={4} value={value.names} onChange={(e) => set({ names: e.target.value })} />
            </label>
          ) : null}
          <p className="defi-hint">{t("defi.adapted.someHint")}</p>
        </>
      ) : null}
    </fieldset>
  );
}
