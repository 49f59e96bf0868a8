/**
 * The service worker's decisions, apart from its events so they can be tested without a browser (logic.test.ts).
 */
import { APP_FILES, messages, sameSitePath, type PushPayload } from '@rummage/contract';

/** One cache per build of the offline shell: a new build's worker removes the old one when it takes over. */
export function shellCacheName(entries: ReadonlyArray<{ url: string; revision: string | null }>): string {
  let hash = 0;
  for (const { url, revision } of entries) {
    for (const char of `${url}@${revision ?? ''};`) hash = (Math.imul(hash, 31) + char.charCodeAt(0)) | 0;
  }
  return `rummage-shell-${(hash >>> 0).toString(36)}`;
}

/** The contract's pushPayloadSchema, checked by hand: zod would triple the worker's size for three strings. */
function isPayload(data: unknown): data is Pick<PushPayload, 'title' | 'body' | 'link'> {
  if (typeof data !== 'object' || data === null) return false;
  const { title, body, link } = data as Record<string, unknown>;
  return typeof title === 'string' && typeof body === 'string' && typeof link === 'string';
}

/**
 * What a push shows. `tag` is the link, so a chat's pushes replace each other instead of piling up; `link` is
 * kept as an app path on this site (a link elsewhere in a payload opens the home page instead).
 */
export function notificationFromPush(data: unknown): {
  title: string;
  options: NotificationOptions & { data: { link: string } };
} {
  const payload = isPayload(data) ? data : null;
  const link = (payload && sameSitePath(payload.link)) ?? '/';
  return {
    title: payload?.title || messages.notifications.bell,
    options: {
      body: payload?.body ?? '',
      icon: APP_FILES.icons.any192,
      tag: link,
      data: { link },
    },
  };
}

/** The app's window to bring forward for a click: the focused one, else the first; none when no tab is open. */
export function pickClientToFocus<T extends { url: string; focused: boolean }>(
  clients: readonly T[],
  origin: string,
): T | undefined {
  const ours = clients.filter((client) => client.url.startsWith(`${origin}/`) || client.url === origin);
  return ours.find((client) => client.focused) ?? ours[0];
}
