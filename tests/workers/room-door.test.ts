import { SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { ADDRESS_LIMITS } from "@common/rules";
import { TestPhone } from "../support/room-sockets";
import { ORIGIN, closeRoom, launch, silentSocket, socketsFrom, upgradeRoom } from "../support/workers";

/**
 * The room's door as an attacker meets it: walking room numbers through the socket path, many
 * IPv6 addresses of one subscriber. Each test speaks from addresses of its own
 * (CF-Connecting-IP, which Cloudflare sets and clients cannot forge).
 */
const TOO_MANY = { error: "Trop de tentatives, réessayez dans quelques minutes" };

const upgradeStatus = async (room: string, ip: string) => (await upgradeRoom(room, { "CF-Connecting-IP": ip })).status;

const check = (room: string, ip: string) => SELF.fetch(`${ORIGIN}/api/game/check/${room}`, { headers: { "CF-Connecting-IP": ip } });

/** Six-digit numbers that no live game holds, almost surely (rooms draw theirs among 900,000). */
function deadNumbers(count: number): string[] {
  const base = 500_000 + Math.floor(Math.random() * 400_000);
  return Array.from({ length: count }, (_, i) => String(base + i));
}

describe("room numbers cannot be walked through the socket path", () => {
  it("counts upgrades to dead numbers as the room check does: past 50 the address is refused, live rooms included", { timeout: 60_000 }, async () => {
    const live = await launch();
    const ip = "203.0.113.71";
    const statuses: number[] = [];
    for (const room of deadNumbers(60)) statuses.push(await upgradeStatus(room, ip));
    expect(statuses).toEqual([...Array(50).fill(404), ...Array(10).fill(429)]);

    const refused = await upgradeRoom(deadNumbers(1)[0]!, { "CF-Connecting-IP": ip });
    expect(refused.status).toBe(429);
    expect(await refused.json()).toEqual(TOO_MANY);
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(500);
    // The room check shares the count: the script is refused there too.
    const checked = await check(live.room, ip);
    expect(checked.status).toBe(429);
    expect(await checked.json()).toEqual(TOO_MANY);
    // Once over, a live room's socket reads like any other number: nothing to learn.
    expect(await upgradeStatus(live.room, ip)).toBe(429);
    // Another address joins and plays.
    expect(await upgradeStatus(live.room, "203.0.113.72")).toBe(101);
    const phone = await new TestPhone(socketsFrom("203.0.113.72"), live.room).seated();
    expect(phone.playerID).toBeDefined();
    expect(await (await check(live.room, "203.0.113.72")).json()).toEqual({ random: true });
  });

  it("refuses an address the room check already found over, on its first socket", { timeout: 60_000 }, async () => {
    const live = await launch();
    const ip = "203.0.113.73";
    for (const room of deadNumbers(50)) expect((await check(room, ip)).status).toBe(404);
    expect(await upgradeStatus(live.room, ip)).toBe(429);
    expect(await upgradeStatus(deadNumbers(1)[0]!, ip)).toBe(429);
  });

  it("does not count sockets to a game that just closed: its phones try again before going home", { timeout: 60_000 }, async () => {
    const ended = await launch();
    await closeRoom(ended);
    const ip = "203.0.113.74";
    for (let i = 0; i < 80; i++) expect(await upgradeStatus(ended.room, ip)).toBe(404);
    const live = await launch();
    expect(await upgradeStatus(live.room, ip)).toBe(101);
    expect((await check(live.room, ip)).status).toBe(200);
  });
});

describe("an IPv6 subscriber is one address", () => {
  it("refuses the sockets of a /64 past one address's cap, however many addresses they come from", { timeout: 60_000 }, async () => {
    const l = await launch();
    const inSubnet = (i: number) => `2001:db8:d00:1:${((i * 7919) & 0xffff).toString(16)}:${i.toString(16)}:0:${(i + 1).toString(16)}`;
    const open: TestPhone[] = [];
    for (let i = 0; i < ADDRESS_LIMITS.unseatedMax; i += 20)
      open.push(...(await Promise.all(Array.from({ length: 20 }, (_, j) => silentSocket(socketsFrom(inSubnet(i + j)), l.room)))).map((s) => s!));
    expect(open.every((s) => s !== null)).toBe(true);
    // Yet another address of the same /64, compressed or mapped differently: as from one address.
    expect(await upgradeStatus(l.room, inSubnet(5_000))).toBe(429);
    expect(await upgradeStatus(l.room, "2001:DB8:D00:1::ffff")).toBe(429);
    // Another /64, and an IPv4 phone, are not concerned.
    expect(await upgradeStatus(l.room, "2001:db8:d00:2::1")).toBe(101);
    expect(await upgradeStatus(l.room, "::ffff:203.0.113.75")).toBe(101);
    for (const s of open) s.close();
  });
});
