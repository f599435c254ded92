/**
 * « Alertes du navigateur »: what the pages' browsers report of their Content-Security-Policies
 * (security-headers.server.ts), kept as the admin reads it and no more: a count per directive
 * and policy, and the last ALERTS_KEPT reports. The endpoint takes anyone's reports (a browser
 * sends them without the page's cookies or a trustworthy Origin), so it never changes anything
 * but these counts: its posts are throttled per address and in all (throttle.server.ts), their
 * bodies cut at CSP_REPORT_MAX_BYTES, their texts cleaned (csp-report.server.ts); what is shown
 * is shown as text.
 */
import { desc, lt, sql } from "drizzle-orm";
import { createDb, type Db } from "@db/client";
import { browserAlertCounts, browserAlerts } from "@db/schema";
import type { BrowserAlertsView } from "@common/contracts/dashboard/types";
import { MSG } from "@common/contracts/messages";
import { mediaType, readBody } from "./body.server";
import { parseCspReports, type BrowserAlert } from "./csp-report.server";
import { errorResponse, Refusal } from "./refusal.server";
import { reportBudget } from "../throttle/throttle.server";
import { m } from "@common/i18n/words";
import { localeOf } from "../i18n/i18n.server";

/** Reports kept for the dashboard: the last ones. */
const ALERTS_KEPT = 20;

/**
 * A post's body, at most. The Reporting API batches a page's reports into one post (a page that
 * breaks the strict policy's style rules sends a few dozen of them, about 0.7 KB each): 8 KB would
 * refuse exactly the batches worth reading.
 */
const CSP_REPORT_MAX_BYTES = 64 * 1024;

const REPORT_TYPES = new Set(["application/csp-report", "application/reports+json", "application/json"]);

const MSG_REPORT = {
  notReport: m("server.report.notReport"),
} as const;

/** Adds a post's reports: the counts of every one, the last ones themselves; older ones go. */
async function recordAlerts(db: Db, alerts: readonly BrowserAlert[], now: number): Promise<void> {
  if (alerts.length === 0) return;
  const groups = new Map<string, { directive: string; reportOnly: boolean; n: number }>();
  for (const a of alerts) {
    const key = `${a.directive} ${a.reportOnly}`;
    const group = groups.get(key) ?? { directive: a.directive, reportOnly: a.reportOnly, n: 0 };
    group.n++;
    groups.set(key, group);
  }
  const counts = [...groups.values()].map((g) =>
    db
      .insert(browserAlertCounts)
      .values({ directive: g.directive, reportOnly: g.reportOnly, count: g.n, lastAt: now })
      .onConflictDoUpdate({
        target: [browserAlertCounts.directive, browserAlertCounts.reportOnly],
        set: { count: sql`${browserAlertCounts.count} + ${g.n}`, lastAt: now },
      }),
  );
  const rows = alerts.slice(-ALERTS_KEPT).map((a) => ({ receivedAt: now, ...a }));
  // D1 binds at most 100 values per statement: 10 rows of 5.
  const inserts = [];
  for (let i = 0; i < rows.length; i += 10) inserts.push(db.insert(browserAlerts).values(rows.slice(i, i + 10)));
  const newest = db.select({ id: browserAlerts.id }).from(browserAlerts).orderBy(desc(browserAlerts.id)).limit(ALERTS_KEPT);
  const trim = db.delete(browserAlerts).where(lt(browserAlerts.id, sql`(select min(id) from (${newest}))`));
  await db.batch([counts[0]!, ...counts.slice(1), ...inserts, trim]);
}

/** The dashboard's panel: the totals and the last reports, newest first. */
export async function browserAlertsView(db: Db): Promise<BrowserAlertsView> {
  const [counts, recent] = await db.batch([
    db.select().from(browserAlertCounts),
    db.select().from(browserAlerts).orderBy(desc(browserAlerts.id)).limit(ALERTS_KEPT),
  ]);
  const byDirective = new Map<string, { directive: string; enforced: number; trial: number }>();
  for (const c of counts) {
    const row = byDirective.get(c.directive) ?? { directive: c.directive, enforced: 0, trial: 0 };
    if (c.reportOnly) row.trial += c.count;
    else row.enforced += c.count;
    byDirective.set(c.directive, row);
  }
  const rows = [...byDirective.values()].sort((a, b) => b.enforced + b.trial - (a.enforced + a.trial) || a.directive.localeCompare(b.directive));
  return {
    total: rows.reduce((n, r) => n + r.enforced + r.trial, 0),
    counts: rows,
    recent: recent.map((r) => ({
      id: r.id,
      at: r.receivedAt,
      page: r.page,
      directive: r.directive,
      blocked: r.blocked,
      trial: r.reportOnly,
    })),
  };
}

/**
 * POST /api/csp-report, before Remix and without the Origin check (a browser's report carries no
 * trustworthy one): 204 once stored; 405, 415, 429, 413 or 400 otherwise, and nothing stored.
 */
export async function cspReportEndpoint(request: Request, env: Env): Promise<Response> {
  try {
    if (request.method !== "POST") throw Refusal.methodNotAllowed(["POST"]);
    const type = mediaType(request);
    if (!REPORT_TYPES.has(type)) throw Refusal.unsupportedMediaType(MSG_REPORT.notReport);
    if (!(await reportBudget(env, request))) throw Refusal.tooManyRequests();
    const body = await readBody(request, CSP_REPORT_MAX_BYTES, MSG.bodyTooLarge);
    const alerts = parseCspReports(type, new TextDecoder().decode(body));
    if (alerts === null) throw Refusal.badRequest(MSG_REPORT.notReport);
    await recordAlerts(createDb(env.DB), alerts, Date.now());
    return new Response(null, { status: 204, headers: { "Cache-Control": "no-store" } });
  } catch (error) {
    return errorResponse(error, localeOf(request));
  }
}
