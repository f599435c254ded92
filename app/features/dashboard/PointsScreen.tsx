import { useState } from "react";
import { MSG } from "@common/contracts/messages";
import { RING_COLORS } from "@common/rules";
import { Shell } from "~/components/Shell";
import { ToastProvider, useActionFetcher } from "~/components/Toast";
import { FieldError } from "~/components/FieldError";
import { BackTitle } from "~/components/BackTitle";
import { useT } from "~/components/I18n";
import type { Words } from "@common/i18n/ids";

type PointsData = { accountName: string; points: number[]; radii: number[] };

/** 'Modifier les points des couronnes de la cible' (admin only; docs/game-rules.md, Scoring). */
export function PointsScreen({ data }: { data: PointsData }) {
  return (
    <ToastProvider>
      <Shell side="admin" accountName={data.accountName}>
        <PointsForm data={data} />
      </Shell>
    </ToastProvider>
  );
}

function PointsForm({ data }: { data: PointsData }) {
  const t = useT();
  const fetcher = useActionFetcher();
  const [error, setError] = useState<Words | null>(null);
  const busy = fetcher.state !== "idle";
  const ring = (r: number) => t("dashboard.points.ring", { m: r });
  return (
    <main className="dash-main narrow" id="contenu">
      <BackTitle back="/pres">{t("dashboard.points.title")}</BackTitle>
      <p className="screen-lead">{t("dashboard.points.lead")}</p>
      <div className="panel points-panel">
        <svg className="target" viewBox="-110 -110 220 220" aria-hidden="true">
          {/* Not to scale: the 20 m ring would be a dot. Equal bands, labelled. */}
          {data.radii.map((r, i) => (
            <circle key={r} r={100 - i * 24} fill={RING_COLORS[i]} stroke="#fff" strokeWidth={2} />
          ))}
          {data.radii.map((r, i) => (
            <text key={r} x={0} y={i === 3 ? 4 : -(100 - i * 24) + 16} textAnchor="middle" className="target-label">
              {ring(r)}
            </text>
          ))}
        </svg>
        <fetcher.Form
          method="post"
          noValidate
          className="points-form"
          onSubmit={(event) => {
            const form = new FormData(event.currentTarget);
            if (data.radii.some((r) => String(form.get(`ring${r}`) ?? "").trim() === "")) {
              event.preventDefault();
              setError(MSG.required);
            } else setError(null);
          }}
        >
          <table className="points-table">
            <thead>
              <tr>
                <th scope="col">{t("dashboard.points.radius")}</th>
                <th scope="col">{t("dashboard.points.points")}</th>
              </tr>
            </thead>
            <tbody>
              {data.radii.map((r, i) => (
                <tr key={r}>
                  <th scope="row">
                    <span className="ring-swatch" style={{ background: RING_COLORS[i] }} aria-hidden="true" />
                    <label htmlFor={`ring${r}`}>{ring(r)}</label>
                  </th>
                  <td>
                    <input
                      id={`ring${r}`}
                      name={`ring${r}`}
                      className="field"
                      type="text"
                      inputMode="decimal"
                      defaultValue={String(data.points[i])}
                      autoComplete="off"
                      required
                    />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <FieldError error={error} />
          <button type="submit" className="button" disabled={busy}>
            {busy ? t("common.busy") : t("dashboard.points.save")}
          </button>
        </fetcher.Form>
      </div>
    </main>
  );
}
