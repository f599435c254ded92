/**
 * Pure helpers of the dashboard, shared by the server and the browser (unit-tested beside).
 * Dates are shown in Paris time whatever the server's or the browser's zone, so the page
 * rendered by the Worker and the one hydrated in the browser say the same thing.
 */
import { launchParams, type LaunchOptions } from "@common/rules";
import { formatDateTime } from "@common/i18n/format";
import type { Locale } from "@common/i18n/locales";

// eslint-disable-next-line lingui/no-unlocalized-strings -- a time zone's id
const TIME_ZONE = "Europe/Paris";

const PARTS = new Intl.DateTimeFormat("fr-FR", {
  timeZone: TIME_ZONE,
  day: "2-digit",
  month: "2-digit",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});

/**
 * A date and time of the workshop, Paris time: in French the specification's own form,
 * dd/mm/yyyy HHhMM (docs/game-rules.md, Display formats); in any other language its own
 * (Intl: '3/14/25, 8:05 PM', '14.03.25, 20:05').
 */
export function formatPlayedAt(ms: number, locale: Locale = "fr"): string {
  // Intl's narrow no-break space before AM/PM is a plain space in older ICU: the server's and the
  // browser's must write the same text.
  if (locale !== "fr") return formatDateTime(locale, ms, TIME_ZONE).replace(/\u202f/g, " ");
  const get = (type: Intl.DateTimeFormatPartTypes) =>
    PARTS.formatToParts(new Date(ms)).find((p) => p.type === type)?.value ?? "00";
  // eslint-disable-next-line lingui/no-unlocalized-strings -- the specification's date form, not words
  return `${get("day")}/${get("month")}/${get("year")} ${get("hour")}h${get("minute")}`;
}

/**
 * Where 'Lancer' goes (docs/game-rules.md, Launch options): admin /pres/{quiz} or
 * /pres/{quiz}/team, MJ /mj/{quiz} with ranking=team in team mode; the presenter screen reads the
 * same query names.
 */
export function launchUrl(
  side: "admin" | "mj",
  quiz: string,
  options: LaunchOptions,
  folderId: number | null,
): string {
  const team = options.mode === "team";
  const params = new URLSearchParams();
  if (side === "mj" && team) params.set("ranking", "team");
  for (const [name, value] of launchParams(options)) params.set(name, value);
  if (folderId !== null) params.set("folderId", String(folderId));
  const base = side === "admin" ? `/pres/${encodeURIComponent(quiz)}${team ? "/team" : ""}` : `/mj/${encodeURIComponent(quiz)}`;
  return `${base}?${params}`;
}

/** URL of a folder page; the name is only there for people reading the address. */
export function folderUrl(side: "admin" | "mj", folder: { id: number; name: string }): string {
  return `/${side === "admin" ? "pres" : "mj"}/${folder.id}/${encodeURIComponent(folder.name)}/folder`;
}

/**
 * The side an address belongs to: /mj/… (and /api/auth/mj/…) is the game masters', the rest
 * the administrator's (/pres/…). One route module serves both sides' addresses and reads its side
 * here (app/shared-routes.ts).
 */
export function sideOfPath(pathname: string): "admin" | "mj" {
  return /^\/(api\/auth\/)?mj(\/|$)/.test(pathname) ? "mj" : "admin";
}

export function dashboardUrl(side: "admin" | "mj"): string {
  return side === "admin" ? "/pres" : "/mj";
}

/** The public viewer of a quiz, absolute for sharing. */
export function watchUrl(origin: string, quiz: string): string {
  return `${origin}/watch?quiz=${encodeURIComponent(quiz)}`;
}

type TreeFolder = { id: number; parentId: number | null; name: string; ownerId: number };

/** The folder and every folder below it. */
export function subtreeIds(folders: readonly TreeFolder[], rootId: number): Set<number> {
  const children = new Map<number, number[]>();
  for (const f of folders) {
    if (f.parentId === null) continue;
    const list = children.get(f.parentId) ?? [];
    list.push(f.id);
    children.set(f.parentId, list);
  }
  const out = new Set<number>([rootId]);
  const stack = [rootId];
  while (stack.length) {
    for (const child of children.get(stack.pop()!) ?? []) {
      if (!out.has(child)) {
        out.add(child);
        stack.push(child);
      }
    }
  }
  return out;
}

/** 'Voyages / Europe / Capitales' for the folder chooser. */
export function folderPath(folders: readonly TreeFolder[], id: number): string {
  const byId = new Map(folders.map((f) => [f.id, f]));
  const names: string[] = [];
  const seen = new Set<number>();
  let current = byId.get(id);
  while (current && !seen.has(current.id)) {
    seen.add(current.id);
    names.unshift(current.name);
    current = current.parentId === null ? undefined : byId.get(current.parentId);
  }
  return names.join(" / ");
}

/**
 * Folders a thing may move into: the same owner's (a tree never mixes accounts), never the
 * folder it is already in, and for a folder never itself or one of its sub-folders.
 */
export function moveTargets<F extends TreeFolder>(
  folders: readonly F[],
  item: { ownerId: number; currentFolderId: number | null; folderId?: number },
): { id: number; label: string }[] {
  const excluded = item.folderId !== undefined ? subtreeIds(folders, item.folderId) : new Set<number>();
  return folders
    .filter((f) => f.ownerId === item.ownerId && !excluded.has(f.id) && f.id !== item.currentFolderId)
    .map((f) => ({ id: f.id, label: folderPath(folders, f.id) }))
    .sort((a, b) => a.label.localeCompare(b.label, "fr"));
}

/** Where 'Nouvelle partie' and the error pages lead: the dashboard, or the folder we came from. */
/**
 * The presenter's screen of a launched game: its address names the room, never the quiz (the
 * screen is in front of the audience, and the quiz's unique name is its public /watch link).
 */
export function presenterRoomPath(side: "admin" | "mj", room: string, folderId: number | null): string {
  const path = `${side === "admin" ? "/pres" : "/mj"}/salle/${encodeURIComponent(room)}`;
  return folderId === null ? path : `${path}?folderId=${folderId}`;
}

export function dashboardPath(side: "admin" | "mj", folderId: number | null): string {
  const base = side === "admin" ? "/pres" : "/mj";
  return folderId === null ? base : `${base}/${folderId}/x/folder`;
}
