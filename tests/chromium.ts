/**
 * Debian's Chromium and the flags it needs on these machines: no sandbox as root, and no
 * background traffic to Google's hosts (the network is closed).
 *
 * Two binaries of the same Debian build: the full browser (package `chromium`), which the
 * Lighthouse benchmark measures with, and its headless shell (package `chromium-headless-shell`),
 * which Playwright drives, as Playwright's own headless runs do (decision 041).
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

export const HEADLESS_SHELL_PATH = process.env.CHROMIUM_HEADLESS_SHELL_PATH ?? "/usr/bin/chromium-headless-shell";

export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
