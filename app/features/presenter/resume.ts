/**
 * What a reload of the presenter page cannot learn from the room: how far into a reveal the
 * screen was (map or ranking, which page) and whether the ranking was paused. Kept per room in
 * sessionStorage (one tab's memory, survives a reload, gone with the tab).
 */
export interface ResumeRecord {
  questionIndex: number;
  view: "map" | "classement";
  paused: boolean;
  /** The ranking's page (0 in records written before pages existed). */
  page: number;
}

const key = (room: string) => `repere:pres:${room}`;

export function parseResume(text: string | null): ResumeRecord | null {
  if (!text) return null;
  try {
    const v = JSON.parse(text) as Partial<ResumeRecord>;
    const page = typeof v.page === "number" && Number.isInteger(v.page) && v.page >= 0 ? v.page : 0;
    if (
      typeof v.questionIndex === "number" &&
      Number.isInteger(v.questionIndex) &&
      v.questionIndex >= 0 &&
      (v.view === "map" || v.view === "classement") &&
      typeof v.paused === "boolean"
    )
      return { questionIndex: v.questionIndex, view: v.view, paused: v.paused, page };
  } catch {
    // A damaged record only costs a replay of the map.
  }
  return null;
}

export function readResume(room: string): ResumeRecord | null {
  try {
    return parseResume(window.sessionStorage.getItem(key(room)));
  } catch {
    return null; // storage disabled: a reload replays the map
  }
}

export function writeResume(room: string, record: ResumeRecord | null) {
  try {
    if (record) window.sessionStorage.setItem(key(room), JSON.stringify(record));
    else window.sessionStorage.removeItem(key(room));
  } catch {
    // storage disabled or full: nothing to keep
  }
}
