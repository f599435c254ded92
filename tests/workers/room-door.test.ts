import { env, runInDurableObject, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { ADDRESS_LIMITS, PSEUDO_SCREEN_MS, SILENT_SOCKET_MS, roomUnseatedMax } from "@common/rules";
import { THROTTLE_RULES } from "~/server/throttle/throttle.server";
import { TestPhone } from "../support/room-sockets";
import { ORIGIN, closeRoom, inRoom, launch, presenter, roomState, silentSocket, skewClock, socketsFrom, upgradeRoom } from "../support/workers";

/**
 * The room's door as an attacker meets it: walking room numbers through the socket path, many
 * IPv6 addresses of one subscriber, sockets parked on the pseudo screen. Each test speaks from
 * addresses of its own (CF-Connecting-IP, which Cloudflare sets and clients cannot forge).
 */
const TOO_MANY = { error: "Trop de tentatives, réessayez dans quelques minutes" };

const upgradeStatus = async (room: string, ip: string) => (await upgradeRoom(room, { "CF-Connecting-IP": ip })).status;

const check = (room: string, ip: string) => SELF.fetch(`${ORIGIN}/api/game/check/${room}`, { headers: { "CF-Connecting-IP": ip } });

/** The room check's status, its body read: an unread body holds one of the test's few connections. */
async function checkStatus(room: string, ip: string) {
  const res = await check(room, ip);
  await res.arrayBuffer();
  return res.status;
}

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

describe("an IPv6 site guessing room numbers is one budget, not 65,536", () => {
  it("stops a /48 at its count however many of its /64s share the guesses, on both paths", { timeout: 60_000 }, async () => {
    const live = await launch();
    const site = "2001:db8:4848";
    const rule = THROTTLE_RULES.codeGuessNetwork;
    // The site's earlier guesses, each /64 of it far under its own count (a request each costs
    // this test's runtime too much to send them all): all but the last 20 of its budget, spent
    // over the last minutes.
    const counter = env.Throttle.get(env.Throttle.idFromName(`guess-net:${site}::/48`));
    await runInDurableObject(counter, (_instance, state) => {
      const now = Date.now();
      state.storage.kv.put(
        "failures",
        Array.from({ length: rule.limit - 20 }, (_, i) => now - 300_000 + i),
      );
    });
    // The last 20, each from a /64 of the site that never guessed before.
    const dead = deadNumbers(20);
    const statuses = await Promise.all(dead.map((room, i) => checkStatus(room, `${site}:${(i + 1).toString(16)}::1`)));
    expect(statuses).toEqual(Array(20).fill(404));
    // Yet another /64 of the site is refused, the live room too, by check and by socket.
    const refused = await check(live.room, `${site}:ffff::1`);
    expect(refused.status).toBe(429);
    expect(await refused.json()).toEqual(TOO_MANY);
    expect(await upgradeStatus(live.room, `${site}:fffe::1`)).toBe(429);
    // Another site, and an IPv4 address, are not concerned.
    expect(await checkStatus(live.room, "2001:db8:4849:1::1")).toBe(200);
    expect(await upgradeStatus(live.room, "203.0.113.48")).toBe(101);
  });
});

describe("the pseudo screen cannot be squatted", () => {
  it("lets the next real phone of a bar in past 100 pinging choosers of the same address, and seats it", { timeout: 60_000 }, async () => {
    const l = await launch({ icon: "defined" });
    const bar = socketsFrom("203.0.113.80");
    // A script's choosers: each says hello, sits on the pseudo screen, pings, comes back when closed.
    const squatters = Array.from({ length: 100 }, () => new TestPhone(bar, l.room, { reconnect: true, liveness: false }));
    const arrived = await Promise.all(
      squatters.map((s) => Promise.race([s.find("player_joinPseudoRoom_callback").then(() => "chooser"), s.find("error").then((e) => e.code)])),
    );
    // Half the address's places without a seat may sit on the pseudo screen; the others are told to wait.
    expect(arrived.filter((a) => a === "chooser")).toHaveLength(ADDRESS_LIMITS.choosersMax);
    expect(arrived.filter((a) => a === "too_many_seats")).toHaveLength(100 - ADDRESS_LIMITS.choosersMax);
    const pinging = setInterval(() => {
      for (const s of squatters) s.send({ type: "ping" });
    }, 1_000);
    try {
      // Right now the address is full: a newcomer's socket is refused.
      expect(await upgradeStatus(l.room, "203.0.113.80")).toBe(429);

      // A minute later (the room's clock) the squatters have had their time.
      await skewClock(l.room, PSEUDO_SCREEN_MS);
      const phone = new TestPhone(bar, l.room, { reconnect: false, label: "vrai téléphone" });
      await phone.next("player_joinPseudoRoom_callback");
      phone.chooseColor("vert");
      expect(await phone.next("color_selected_callback")).toMatchObject({ status: true, color: "vert" });
      phone.chooseFruit("vert", "kiwi");
      expect(await phone.next("fruit_selected_callback")).toMatchObject({ status: true, pseudo: "Kiwi vert" });
      expect((await roomState(l.room))!.seats.map((s) => s.pseudo)).toEqual(["Kiwi vert"]);
      // Its way in was made by closing choosers of over a minute, with 4003; the squatters told
      // to wait were in line before it, and went first.
      const closes = squatters.flatMap((s) => s.closes);
      expect(closes).toContainEqual({ code: 4003, reason: "pseudo_screen_timeout" });
      expect(closes).not.toContainEqual({ code: 4003, reason: "silent" });
      expect(phone.closes).toEqual([]);
    } finally {
      clearInterval(pinging);
      for (const s of squatters) s.close();
    }
  });

  it("leaves a phone hesitating on the pseudo screen alone while nobody of its address needs its place", { timeout: 30_000 }, async () => {
    const l = await launch({ icon: "defined" });
    const home = socketsFrom("203.0.113.81");
    const hesitant = new TestPhone(home, l.room, { reconnect: false });
    await hesitant.next("player_joinPseudoRoom_callback");
    await skewClock(l.room, 5 * PSEUDO_SCREEN_MS);
    // Others of its address arrive, and a silent socket sits there too: room for all.
    const others = [new TestPhone(home, l.room, { reconnect: false }), new TestPhone(home, l.room, { reconnect: false })];
    for (const o of others) await o.next("player_joinPseudoRoom_callback");
    const silent = await silentSocket(home, l.room);
    await skewClock(l.room, SILENT_SOCKET_MS);
    hesitant.chooseColor("bleu");
    await hesitant.next("color_selected_callback");
    hesitant.chooseFruit("bleu", "banane");
    expect(await hesitant.next("fruit_selected_callback")).toMatchObject({ status: true, pseudo: "Banane bleue" });
    expect(hesitant.closes).toEqual([]);
    expect(others.every((o) => o.closes.length === 0)).toBe(true);
    for (const s of [hesitant, ...others, silent!]) s.close();
  });

  it("tells a phone past its address's share of the pseudo screen to wait, and lets it in when a place frees", { timeout: 30_000 }, async () => {
    const l = await launch({ icon: "defined" });
    const venue = socketsFrom("203.0.113.82");
    const first = Array.from({ length: ADDRESS_LIMITS.choosersMax }, () => new TestPhone(venue, l.room, { reconnect: false }));
    await Promise.all(first.map((p) => p.next("player_joinPseudoRoom_callback")));
    const late = new TestPhone(venue, l.room, { reconnect: false });
    expect(await late.next("error")).toEqual({ type: "error", code: "too_many_seats" });
    // One of the first takes its seat: its place on the pseudo screen is free, the late phone asks again.
    first[0]!.chooseColor("rose");
    await first[0]!.next("color_selected_callback");
    first[0]!.chooseFruit("rose", "cerise");
    await first[0]!.next("fruit_selected_callback");
    late.hello();
    expect(await late.next("player_joinPseudoRoom_callback")).toMatchObject({ max_players: expect.any(Number) });
    // Another address is never concerned.
    const elsewhere = new TestPhone(socketsFrom("203.0.113.83"), l.room, { reconnect: false });
    await elsewhere.next("player_joinPseudoRoom_callback");
    for (const p of [...first, late, elsewhere]) p.close();
  });
});

describe("the pseudo screen is served in order of arrival", () => {
  /** A script's chooser: hello, then the pseudo screen, nothing else. */
  async function chooser(target: ReturnType<typeof socketsFrom>, room: string) {
    const s = new TestPhone(target, room, { reconnect: false });
    await s.next("player_joinPseudoRoom_callback");
    return s;
  }

  it("gives a place that frees to the real phone waiting, not to the script renewing its choosers before their minute", { timeout: 60_000 }, async () => {
    const l = await launch({ icon: "defined" });
    const bar = socketsFrom("203.0.113.84");
    const squatters = await Promise.all(Array.from({ length: ADDRESS_LIMITS.choosersMax }, () => chooser(bar, l.room)));
    const phone = new TestPhone(bar, l.room, { reconnect: false, label: "vrai téléphone" });
    expect(await phone.next("error")).toMatchObject({ code: "too_many_seats" });
    // The script renews its oldest chooser long before its minute: closed, and at once another.
    squatters.shift()!.close();
    const renewed = new TestPhone(bar, l.room, { reconnect: false, label: "chooser renouvelé" });
    squatters.push(renewed);
    // The place it let go is the real phone's, which had asked first; the script's new socket waits.
    expect(await phone.next("player_joinPseudoRoom_callback")).toMatchObject({ max_players: expect.any(Number) });
    expect(await renewed.next("error")).toMatchObject({ code: "too_many_seats" });
    phone.chooseColor("vert");
    await phone.next("color_selected_callback");
    phone.chooseFruit("vert", "kiwi");
    expect(await phone.next("fruit_selected_callback")).toMatchObject({ status: true, pseudo: "Kiwi vert" });
    // Its seat freed its place on the pseudo screen: the renewed socket, next in line, gets it.
    expect(await renewed.next("player_joinPseudoRoom_callback")).toMatchObject({ max_players: expect.any(Number) });
    expect(phone.closes).toEqual([]);
    for (const s of squatters) s.close();
    phone.close();
  });

  it("keeps a phone's place in line when it asks again, and lets a newer one wait behind it", { timeout: 60_000 }, async () => {
    const l = await launch({ icon: "defined" });
    const bar = socketsFrom("203.0.113.85");
    const squatters = await Promise.all(Array.from({ length: ADDRESS_LIMITS.choosersMax }, () => chooser(bar, l.room)));
    const first = new TestPhone(bar, l.room, { reconnect: false, label: "premier" });
    expect(await first.next("error")).toMatchObject({ code: "too_many_seats" });
    const second = new TestPhone(bar, l.room, { reconnect: false, label: "second" });
    expect(await second.next("error")).toMatchObject({ code: "too_many_seats" });
    // The second asks again (as a page does every few seconds), then the first: neither jumps.
    second.hello();
    expect(await second.next("error")).toMatchObject({ code: "too_many_seats" });
    first.hello();
    expect(await first.next("error")).toMatchObject({ code: "too_many_seats" });
    squatters[0]!.close();
    await first.next("player_joinPseudoRoom_callback");
    await second.sync();
    expect(second.all("player_joinPseudoRoom_callback")).toEqual([]);
    squatters[1]!.close();
    await second.next("player_joinPseudoRoom_callback");
    for (const s of [...squatters, first, second]) s.close();
  });

  it("lets the presenter clear one network's choosers, their places going to that network's phones in line", { timeout: 60_000 }, async () => {
    const l = await launch({ icon: "defined" });
    const pres = await presenter(l);
    // What it is told as it says hello: nobody waits yet.
    expect(await pres.next("pres_pseudoLine")).toEqual({ type: "pres_pseudoLine", networks: [] });
    const bar = socketsFrom("203.0.113.86");
    const squatters = await Promise.all(Array.from({ length: ADDRESS_LIMITS.choosersMax }, () => chooser(bar, l.room)));
    const elsewhere = await chooser(socketsFrom("203.0.113.87"), l.room);
    const phone = new TestPhone(bar, l.room, { reconnect: false, label: "vrai téléphone" });
    await phone.next("error");
    // The lobby is told which network has phones waiting, by an id that is not its address.
    const line = await pres.next("pres_pseudoLine", (m) => m.networks.length > 0);
    expect(line.networks).toEqual([{ network: expect.stringMatching(/^[0-9a-f]{8}$/), choosing: ADDRESS_LIMITS.choosersMax, waiting: 1 }]);
    expect(JSON.stringify(line)).not.toContain("203.0.113");
    // A phone may not send it; an id that names no network changes nothing.
    elsewhere.send({ type: "pres_clearChoosers", network: line.networks[0]!.network });
    expect(await elsewhere.next("error")).toMatchObject({ code: "forbidden" });
    pres.send({ type: "pres_clearChoosers", network: "00000000" });
    expect((await pres.next("pres_pseudoLine")).networks).toEqual(line.networks);
    expect(squatters.every((s) => s.closes.length === 0)).toBe(true);

    pres.send({ type: "pres_clearChoosers", network: line.networks[0]!.network });
    await phone.next("player_joinPseudoRoom_callback");
    expect(await pres.next("pres_pseudoLine")).toEqual({ type: "pres_pseudoLine", networks: [] });
    for (const s of squatters) expect(await s.waitClosed()).toEqual({ code: 4003, reason: "cleared_by_presenter" });
    // Another network's chooser is not concerned.
    expect(elsewhere.closes).toEqual([]);
    for (const s of [phone, elsewhere, pres]) s.close();
  });
});

describe("the whole room bounds its sockets without a seat", () => {
  it("refuses a socket past its room's cap from addresses each under their own, and makes room once a silent one has had its time", { timeout: 60_000 }, async () => {
    const seats = 20;
    const l = await launch({ max_player: seats });
    const max = roomUnseatedMax(seats);
    // The room's clock stands still while the sockets open, however slow the machine: none of
    // them has been silent long enough to give way until the test says so.
    await inRoom(l.room, (r) => {
      const at = r.ports.now();
      r.ports.now = () => at;
    });
    const perAddress = 10;
    const open: TestPhone[] = [];
    for (let a = 0; open.length < max; a++) {
      const from = socketsFrom(`198.18.0.${a + 1}`);
      const sockets = await Promise.all(Array.from({ length: Math.min(perAddress, max - open.length) }, () => silentSocket(from, l.room)));
      expect(sockets.filter((s) => s === null)).toEqual([]);
      open.push(...sockets.map((s) => s!));
    }
    // One more, from an address that has opened nothing: the room has no place without a seat left.
    const refused = await upgradeRoom(l.room, { "CF-Connecting-IP": "198.18.1.1" });
    expect(refused.status).toBe(429);
    expect(await refused.text()).toBe("too_many_waiting_in_room");
    // Once a silent socket has had its time, it gives way: a real phone from elsewhere is seated.
    await skewClock(l.room, SILENT_SOCKET_MS);
    const phone = await new TestPhone(socketsFrom("198.18.1.2"), l.room, { reconnect: false }).seated();
    expect(phone.playerID).toBeDefined();
    expect(open.flatMap((s) => s.closes)).toEqual([{ code: 4003, reason: "silent" }]);
    for (const s of [...open, phone]) s.close();
  });
});
