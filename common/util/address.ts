/**
 * The key a network address is counted under, by the app's throttles and by a room's
 * per-address budgets alike: one person, one key. An IPv6 subscriber is handed a whole /64 and
 * may draw a fresh address from it for every request, so an IPv6 address counts by its /64; an
 * IPv4 address counts as itself, whether it comes plain or mapped into IPv6 (`::ffff:a.b.c.d`).
 */

/** What anything that is not an address counts as: one key for all, never a free pass. */
export const UNKNOWN_ADDRESS = "unknown";

const IPV4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/;
const HEX_GROUP = /^[0-9a-f]{1,4}$/;

/** The four octets of a dotted IPv4 address, or null. */
function ipv4Octets(text: string): number[] | null {
  const m = IPV4.exec(text);
  if (!m) return null;
  const octets = m.slice(1).map(Number);
  return octets.every((o) => o <= 255) ? octets : null;
}

/** The eight 16-bit groups of an IPv6 address (compressed, or ending in dotted IPv4), or null. */
function ipv6Groups(text: string): number[] | null {
  const halves = text.split("::");
  if (halves.length > 2) return null;
  const parse = (half: string): number[] | null => {
    if (half === "") return [];
    const parts = half.split(":");
    const out: number[] = [];
    for (let i = 0; i < parts.length; i++) {
      const part = parts[i]!;
      const v4 = i === parts.length - 1 ? ipv4Octets(part) : null;
      if (v4) out.push((v4[0]! << 8) | v4[1]!, (v4[2]! << 8) | v4[3]!);
      else if (HEX_GROUP.test(part)) out.push(parseInt(part, 16));
      else return null;
    }
    return out;
  };
  const left = parse(halves[0]!);
  const right = halves.length === 2 ? parse(halves[1]!) : [];
  if (!left || !right) return null;
  // A dotted tail belongs at the end only.
  if (halves.length === 2 && halves[0]!.includes(".")) return null;
  const given = left.length + right.length;
  if (halves.length === 1) return given === 8 ? left : null;
  return given <= 7 ? [...left, ...Array<number>(8 - given).fill(0), ...right] : null;
}

/**
 * `203.0.113.7` for an IPv4 address (plain or IPv4-mapped IPv6), `2001:db8:0:12::/64` for an
 * IPv6 one (its first four groups, lower case, without leading zeros), UNKNOWN_ADDRESS for
 * anything else, missing included. Cloudflare sets CF-Connecting-IP itself: junk only comes
 * from a local server or a test.
 */
export function addressKey(raw: string | null | undefined): string {
  const text = raw?.trim().toLowerCase() ?? "";
  const v4 = ipv4Octets(text);
  if (v4) return v4.join(".");
  // A zone (fe80::1%eth0) names the local interface, not the peer.
  const groups = text.includes(":") ? ipv6Groups(text.replace(/%[^%]*$/, "")) : null;
  if (!groups) return UNKNOWN_ADDRESS;
  const mapped = groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff;
  if (mapped) return [groups[6]! >> 8, groups[6]! & 255, groups[7]! >> 8, groups[7]! & 255].join(".");
  return `${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(":")}::/64`;
}

const IPV6_KEY = /^([0-9a-f]{1,4}):([0-9a-f]{1,4}):([0-9a-f]{1,4}):[0-9a-f]{1,4}::\/64$/;

/**
 * The /48 an address key (addressKey) belongs to, `2001:db8:0::/48`, for an IPv6 key only (null
 * otherwise). A site is commonly handed a whole /48: 65,536 /64s, each of which would otherwise
 * be a budget of its own wherever an address is counted by its /64.
 */
export function networkKey(key: string): string | null {
  const m = IPV6_KEY.exec(key);
  return m ? `${m[1]}:${m[2]}:${m[3]}::/48` : null;
}
