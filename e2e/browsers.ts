import { existsSync } from 'node:fs';
import type { LaunchOptions } from '@playwright/test';

/** Debian's Chromium (the `chromium` package, or CHROME_PATH); Playwright never downloads a browser here. */
export const CHROMIUM = process.env.CHROME_PATH ?? '/usr/bin/chromium';

/**
 * Chromium's headless shell (Debian's `chromium-headless-shell`: the same engine and DevTools protocol without the
 * desktop browser around it), where it is installed, else the full Chromium. The full browser's headless mode also
 * runs its own pages in renderers of their own; with the shell, the journeys took 375 s of CPU instead of 592 s
 * on the same machine. What only the full browser does, showing a notification, is asked of it by name
 * (notifications-push.spec.ts).
 */
export const HEADLESS_SHELL =
  process.env.CHROME_HEADLESS_SHELL_PATH ??
  (existsSync('/usr/bin/chromium-headless-shell') ? '/usr/bin/chromium-headless-shell' : CHROMIUM);

/** How a journey's browser starts: quiet, nothing fetched but the app. */
export function launchOptions(executablePath: string): LaunchOptions {
  return {
    executablePath,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  };
}
