/**
 * The lobby's players as the presenter's reducer keeps them (screen-state.ts): in join order,
 * immutable, and cheap to change at 2,000 seats. A change never copies the list: seats live in
 * blocks of BLOCK in join order, and the id -> seat index in BUCKETS buckets; a join, a drop or
 * a kick copies one block and one bucket (and the two short arrays that point at them), whatever
 * the room's size. Earlier rosters stay as they were: the reducer stays pure.
 */
import type { RoomPlayer } from "@common/wire/room-messages";

const BLOCK = 64;
const BUCKETS = 64;

type Block = readonly (RoomPlayer | null)[];
type Bucket = ReadonlyMap<string, number>;

export interface Roster {
  /** Seats in join order, BLOCK a block; null where a player left. */
  readonly blocks: readonly Block[];
  /** seatId -> place in join order, spread over buckets by a hash of the id. */
  readonly index: readonly Bucket[];
  /** Places used (players present and gone). */
  readonly length: number;
  /** Players present. */
  readonly size: number;
  /** Players present whose phone is connected. */
  readonly connected: number;
}

const EMPTY_BUCKET: Bucket = new Map();

export const emptyRoster: Roster = {
  blocks: [],
  index: Array.from({ length: BUCKETS }, () => EMPTY_BUCKET),
  length: 0,
  size: 0,
  connected: 0,
};

/** FNV-1a: spreads ids ('p17', 'p18'...) evenly over the buckets. */
function bucketOf(id: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < id.length; i++) h = Math.imul(h ^ id.charCodeAt(i), 0x01000193);
  return (h >>> 0) % BUCKETS;
}

function placeOf(roster: Roster, id: string): number | undefined {
  return roster.index[bucketOf(id)]!.get(id);
}

function at(roster: Roster, place: number): RoomPlayer | null {
  return roster.blocks[Math.floor(place / BLOCK)]?.[place % BLOCK] ?? null;
}

/** The blocks with `place` holding `entry` (one block copied, or one added). */
function withSlot(blocks: readonly Block[], place: number, entry: RoomPlayer | null): Block[] {
  const b = Math.floor(place / BLOCK);
  const out = blocks.slice();
  const block = (blocks[b] ?? []).slice();
  block[place % BLOCK] = entry;
  out[b] = block;
  return out;
}

function withIndex(index: readonly Bucket[], id: string, place: number | null): Bucket[] {
  const k = bucketOf(id);
  const bucket = new Map(index[k]);
  if (place === null) bucket.delete(id);
  else bucket.set(id, place);
  const out = index.slice();
  out[k] = bucket;
  return out;
}

/** A new player at the end, or a known one changed in place (dropped, back). */
export function upsertPlayer(roster: Roster, player: RoomPlayer): Roster {
  const place = placeOf(roster, player.seatId);
  if (place !== undefined) {
    const old = at(roster, place);
    return {
      ...roster,
      blocks: withSlot(roster.blocks, place, player),
      connected: roster.connected - (old?.connected ? 1 : 0) + (player.connected ? 1 : 0),
    };
  }
  return {
    blocks: withSlot(roster.blocks, roster.length, player),
    index: withIndex(roster.index, player.seatId, roster.length),
    length: roster.length + 1,
    size: roster.size + 1,
    connected: roster.connected + (player.connected ? 1 : 0),
  };
}

/** The player leaves the list (kicked, gone); unknown ids change nothing. */
export function removePlayer(roster: Roster, seatId: string): Roster {
  const place = placeOf(roster, seatId);
  if (place === undefined) return roster;
  const old = at(roster, place);
  return {
    blocks: withSlot(roster.blocks, place, null),
    index: withIndex(roster.index, seatId, null),
    length: roster.length,
    size: roster.size - 1,
    connected: roster.connected - (old?.connected ? 1 : 0),
  };
}

/** The whole list the room sends at each (re)connection, in its order (a repeated id keeps its place). */
export function rosterOf(players: readonly RoomPlayer[]): Roster {
  const blocks: (RoomPlayer | null)[][] = [];
  const buckets = Array.from({ length: BUCKETS }, () => new Map<string, number>());
  let length = 0;
  for (const p of players) {
    const bucket = buckets[bucketOf(p.seatId)]!;
    let place = bucket.get(p.seatId);
    if (place === undefined) {
      place = length++;
      bucket.set(p.seatId, place);
    }
    (blocks[Math.floor(place / BLOCK)] ??= [])[place % BLOCK] = p;
  }
  let connected = 0;
  for (const block of blocks) for (const p of block) if (p?.connected) connected++;
  return { blocks, index: buckets, length, size: length, connected };
}

/** Every player present, in join order. */
export function* playersOf(roster: Roster): Generator<RoomPlayer> {
  for (const block of roster.blocks) for (const p of block) if (p) yield p;
}

/** Players present, in join order, as an array (tests and small rooms). */
export const listOf = (roster: Roster): RoomPlayer[] => [...playersOf(roster)];

/** Players present at places [from, to) of the join order: reads only those places. */
export function playersBetween(roster: Roster, from: number, to: number): RoomPlayer[] {
  const out: RoomPlayer[] = [];
  for (let place = Math.max(0, from); place < Math.min(to, roster.length); place++) {
    const p = at(roster, place);
    if (p) out.push(p);
  }
  return out;
}

/** The `count` latest arrivals still present, newest first, without walking the whole list. */
export function newestOf(roster: Roster, count: number): RoomPlayer[] {
  const out: RoomPlayer[] = [];
  for (let place = roster.length - 1; place >= 0 && out.length < count; place--) {
    const p = at(roster, place);
    if (p) out.push(p);
  }
  return out;
}

export const findPlayer = (roster: Roster, seatId: string): RoomPlayer | null => {
  const place = placeOf(roster, seatId);
  return place === undefined ? null : at(roster, place);
};
