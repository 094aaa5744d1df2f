import { describe, expect, it } from "vitest";
import { fetchableUrlProblem, isPublicHost } from "./public-host.ts";

describe("isPublicHost", () => {
  it.each([
    "www.booking.com",
    "partner.example:8443",
    "WWW.Resekompassen.example",
    "93.184.215.14",
    "8.8.8.8:443",
    "[2606:4700::1111]",
    "[2a00:1450:4001:81b::200e]:8443",
    "172.32.0.1",
    "100.128.0.1",
    "xn--hotellfjllet-xcb.se",
  ])("accepts %s", (host) => {
    expect(isPublicHost(host)).toBe(true);
  });

  it.each([
    // Loopback, in every way an address can be written.
    "127.0.0.1:4100",
    "127.1",
    "2130706433",
    "0x7f.1",
    "0x7f000001",
    "017700000001",
    "0177.0.0.1",
    "localhost",
    "LOCALHOST:3000",
    "app.localhost",
    "[::1]",
    "[0:0:0:0:0:0:0:1]",
    // Unspecified, private, link-local and metadata, carrier-grade NAT.
    "0.0.0.0",
    "0",
    "10.0.0.5",
    "10.255.255.255:8080",
    "172.16.0.1",
    "172.31.255.255",
    "192.168.1.1",
    "169.254.169.254",
    "100.64.0.1",
    "100.127.255.255",
    "[fd00:ec2::254]",
    "[fc00::1]",
    "[fe80::1]",
    "metadata.google.internal",
    // IPv4 inside IPv6.
    "[::ffff:127.0.0.1]",
    "[::ffff:7f00:1]",
    "[::ffff:169.254.169.254]",
    "[::127.0.0.1]",
    "[64:ff9b::a00:1]",
    "[2002:7f00:1::]",
    // Multicast, broadcast, documentation; local-only and one-label names.
    "224.0.0.1",
    "255.255.255.255",
    "192.0.2.10",
    "[ff02::1]",
    "printer.local",
    "router.home.arpa",
    "intranet",
    // Not a host at all.
    "",
    "exa mple.com",
    "[::1",
  ])("refuses %s", (host) => {
    expect(isPublicHost(host)).toBe(false);
  });
});

describe("fetchableUrlProblem", () => {
  it.each([
    ["https://feeds.partner.example/prices.xml", null],
    ["http://feeds.partner.example/prices.xml", "scheme"],
    ["ftp://feeds.partner.example/prices.xml", "scheme"],
    ["https://user:secret@feeds.partner.example/", "credentials"],
    ["https://127.0.0.1/prices.xml", "not-public"],
    ["https://[::ffff:169.254.169.254]/latest", "not-public"],
    ["https://metadata.google.internal/", "not-public"],
    ["feeds.partner.example/prices.xml", "invalid"],
  ])("%s: %s", (address, problem) => {
    expect(fetchableUrlProblem(address)).toBe(problem);
  });
});
