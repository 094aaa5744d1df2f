/**
 * Debian's Chromium (apt-get install chromium) and the flags it needs on these machines:
 * no sandbox as root, and no background traffic to Google's hosts (the network is closed).
 * Shared by Playwright and the Lighthouse benchmark.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
