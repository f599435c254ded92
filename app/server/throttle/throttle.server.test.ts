import { describe, expect, it } from "vitest";
import { clientAddress } from "./throttle.server";

const from = (ip?: string) => new Request("http://localhost/", ip ? { headers: { "CF-Connecting-IP": ip } } : {});

describe("the address a throttle counts", () => {
  it("is the IPv4 address as Cloudflare gives it", () => {
    expect(clientAddress(from("203.0.113.7"))).toBe("203.0.113.7");
  });

  it("is the /64 of an IPv6 address: one subscriber holds a whole /64", () => {
    expect(clientAddress(from("2001:db8:0:12:aaaa::1"))).toBe("2001:db8:0:12::/64");
    expect(clientAddress(from("2001:DB8:0:12:bbbb:cccc:dddd:eeee"))).toBe("2001:db8:0:12::/64");
    expect(clientAddress(from("2001:db8::1"))).toBe("2001:db8:0:0::/64");
  });

  it("counts requests without the header together, never lets them through uncounted", () => {
    expect(clientAddress(from())).toBe("unknown");
  });
});
