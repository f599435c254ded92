/**
 * Display helpers of the presenter screen: 2 decimals in results, 1 in progress
 * (docs/game-rules.md, Display formats).
 */

/** '482913' -> '482 913': the join code read aloud in two halves. */
export function splitRoomCode(room: string): string {
  return room.length === 6 ? `${room.slice(0, 3)} ${room.slice(3)}` : room;
}

const two = new Intl.NumberFormat("fr-FR", { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const one = new Intl.NumberFormat("fr-FR", { minimumFractionDigits: 1, maximumFractionDigits: 1 });

/** Points in results and rankings: '12,35' (French decimal comma, no thousands gap surprise). */
export function formatPoints(points: number): string {
  return two.format(Number.isFinite(points) ? points : 0).replace(/\u202f|\u00a0/g, " ");
}

/** Points still to win while a question runs: '4,3'. */
export function formatPoints1(points: number): string {
  return one.format(Number.isFinite(points) ? points : 0).replace(/\u202f|\u00a0/g, " ");
}

/**
 * Capacity as players/(max_team x max_player or max_player). The room's own capacity
 * is the truth (defined icons cap a room at 54), the factors say where it comes from.
 */
export function capacityLabel(
  playersCount: number,
  settings: { mode: "player" | "team"; capacity: number; maxTeam: number },
): { count: string; detail: string | null } {
  const count = `${playersCount}/${settings.capacity}`;
  if (settings.mode !== "team") return { count, detail: null };
  const perTeam = Math.floor(settings.capacity / Math.max(1, settings.maxTeam));
  return { count, detail: `${settings.maxTeam} équipes × ${perTeam} joueurs` };
}

type RankMove = { symbol: "▲" | "▼" | "="; label: string; tone: "up" | "down" | "same" };

/** rankMove: previous rank minus new rank, positive = went up. */
export function rankMove(move: number): RankMove {
  if (move > 0) return { symbol: "▲", label: `Gagne ${move} place${move > 1 ? "s" : ""}`, tone: "up" };
  if (move < 0) return { symbol: "▼", label: `Perd ${-move} place${move < -1 ? "s" : ""}`, tone: "down" };
  return { symbol: "=", label: "Même place", tone: "same" };
}


/**
 * 'Retour photo & carte': the room's page of the question just revealed. It names the room, not the
 * quiz, and answers only the room's owner and the admin.
 */
export function roomQuestionPath(room: string): string {
  return `/salle/${encodeURIComponent(room)}/question`;
}
