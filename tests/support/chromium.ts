// Debian's Chromium (docs/toolchain.md) and the flags it runs with in the end-to-end tests and the
// bench: headless, and quiet on a closed network (without the background-networking flags it
// floods it). PLAYWRIGHT_CHROMIUM=bundled uses Playwright's own browser where it is installed.

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** For Playwright's launch: undefined lets Playwright use its own browser. */
export const PLAYWRIGHT_EXECUTABLE_PATH = process.env.PLAYWRIGHT_CHROMIUM === 'bundled' ? undefined : CHROMIUM_PATH;

export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
