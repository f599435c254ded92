import { describe, expect, it } from "vitest";
import { UNKNOWN_ADDRESS, addressKey, networkKey } from "./address";

describe("the key an address counts under", () => {
  it("is an IPv4 address itself, written plainly", () => {
    expect(addressKey("203.0.113.7")).toBe("203.0.113.7");
    expect(addressKey(" 203.0.113.7 ")).toBe("203.0.113.7");
    expect(addressKey("010.000.113.007")).toBe("10.0.113.7");
    expect(addressKey("0.0.0.0")).toBe("0.0.0.0");
    expect(addressKey("255.255.255.255")).toBe("255.255.255.255");
  });

  it("is the /64 of a full IPv6 address, whatever its case and leading zeros", () => {
    expect(addressKey("2001:0db8:0000:0012:aaaa:bbbb:cccc:dddd")).toBe("2001:db8:0:12::/64");
    expect(addressKey("2001:DB8:0:12:bbbb:cccc:dddd:eeee")).toBe("2001:db8:0:12::/64");
    expect(addressKey("fe80:0:0:0:0:0:0:1")).toBe("fe80:0:0:0::/64");
  });

  it("is the /64 of a compressed IPv6 address, wherever the zeros were dropped", () => {
    expect(addressKey("2001:db8:0:12:aaaa::1")).toBe("2001:db8:0:12::/64");
    expect(addressKey("2001:db8::1")).toBe("2001:db8:0:0::/64");
    expect(addressKey("2001:db8::12:0:0:0:1")).toBe("2001:db8:0:12::/64");
    expect(addressKey("::1")).toBe("0:0:0:0::/64");
    expect(addressKey("::")).toBe("0:0:0:0::/64");
    expect(addressKey("2001:db8:1:2::")).toBe("2001:db8:1:2::/64");
    expect(addressKey("fe80::1%eth0")).toBe("fe80:0:0:0::/64");
    expect(addressKey("64:ff9b::192.0.2.33")).toBe("64:ff9b:0:0::/64");
  });

  it("puts every address of one /64 under one key, and another /64 under another", () => {
    const keys = new Set(Array.from({ length: 2_000 }, (_, i) => addressKey(`2001:db8:aa:bb:${i.toString(16)}::${(i * 7).toString(16)}`)));
    expect([...keys]).toEqual(["2001:db8:aa:bb::/64"]);
    expect(addressKey("2001:db8:aa:bc::1")).not.toBe("2001:db8:aa:bb::/64");
  });

  it("is the IPv4 address inside an IPv4-mapped IPv6 address, in either notation", () => {
    expect(addressKey("::ffff:203.0.113.7")).toBe("203.0.113.7");
    expect(addressKey("::FFFF:cb00:7107")).toBe("203.0.113.7");
    expect(addressKey("0:0:0:0:0:ffff:203.0.113.7")).toBe("203.0.113.7");
    // Two mapped addresses are two people, not one /64.
    expect(addressKey("::ffff:198.51.100.1")).not.toBe(addressKey("::ffff:198.51.100.2"));
  });

  it("is one shared key for anything that is not an address, missing included", () => {
    for (const junk of [
      undefined,
      null,
      "",
      "  ",
      "unknown",
      "localhost",
      "203.0.113",
      "203.0.113.256",
      "203.0.113.7.1",
      "1.2.3.4:8080",
      "2001:db8::1::2",
      "2001:db8:0:0:0:0:0:0:1",
      "2001:db8:0:0:0:0:1",
      ":2001:db8::1",
      "2001:db8::1:",
      "12345::1",
      "2001:db8::g",
      "1.2.3.4::1",
      "::1.2.3.4:1",
      "2001:db8::1, 203.0.113.7",
    ])
      expect(addressKey(junk), String(junk)).toBe(UNKNOWN_ADDRESS);
  });
});

describe("the /48 an address key belongs to", () => {
  it("is the first three groups of an IPv6 key: every /64 of one site under one key", () => {
    expect(networkKey(addressKey("2001:db8:0:12:aaaa::1"))).toBe("2001:db8:0::/48");
    const sites = new Set(Array.from({ length: 500 }, (_, i) => networkKey(addressKey(`2001:db8:7:${i.toString(16)}::1`))));
    expect([...sites]).toEqual(["2001:db8:7::/48"]);
    expect(networkKey(addressKey("2001:db8:8:0::1"))).toBe("2001:db8:8::/48");
  });

  it("is none for an IPv4 address, an IPv4-mapped one, or anything that is not an address", () => {
    expect(networkKey(addressKey("203.0.113.7"))).toBeNull();
    expect(networkKey(addressKey("::ffff:203.0.113.7"))).toBeNull();
    expect(networkKey(addressKey(""))).toBeNull();
    expect(networkKey(UNKNOWN_ADDRESS)).toBeNull();
  });
});
