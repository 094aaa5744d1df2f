import { describe, expect, it } from "vitest";
import { blockedImageHost, isShowableImage, type ImageHosts } from "./image-hosts.ts";

const hosts: ImageHosts = {
  origin: "https://hotellguiden.se",
  sources: ["https://tile.openstreetmap.org", "cf.bstatic.com", "*.example-cdn.com", "http://127.0.0.1:8080"],
};

describe("blockedImageHost", () => {
  it.each([
    "/uploads/blog-images/a.png",
    "https://hotellguiden.se/images/x.jpg",
    "https://tile.openstreetmap.org/1/2/3.png",
    "https://cf.bstatic.com/photo.jpg",
    "https://images.example-cdn.com/a.webp",
    "https://a.b.example-cdn.com/a.webp",
    "http://127.0.0.1:8080/x.png",
    // An http source allows its https upgrade.
    "https://127.0.0.1:8080/x.png",
  ])("lets %s through", (address) => {
    expect(blockedImageHost(address, hosts)).toBeNull();
  });

  it.each([
    ["https://evil.example.org/x.png", "evil.example.org"],
    // A wildcard covers subdomains only, as in CSP.
    ["https://example-cdn.com/a.webp", "example-cdn.com"],
    // No scheme in the source: the page's own (https) is meant.
    ["http://cf.bstatic.com/photo.jpg", "cf.bstatic.com"],
    ["https://cf.bstatic.com:8443/photo.jpg", "cf.bstatic.com:8443"],
    ["http://127.0.0.1:9090/x.png", "127.0.0.1:9090"],
    ["http://hotellguiden.se/images/x.jpg", "hotellguiden.se"],
  ])("blocks %s (%s)", (address, host) => {
    expect(blockedImageHost(address, hosts)).toBe(host);
  });

  it("leaves what is not an absolute http(s) address to the address rules", () => {
    expect(blockedImageHost("javascript:alert(1)", hosts)).toBeNull();
    expect(isShowableImage("javascript:alert(1)", hosts)).toBe(false);
    expect(isShowableImage("https://evil.example.org/x.png", hosts)).toBe(false);
    expect(isShowableImage("/images/hotels/hotel-1.svg", hosts)).toBe(true);
  });
});
