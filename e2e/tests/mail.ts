import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from '@playwright/test';

/**
 * The newest link to `path` in mail to `to`, read from the mail outbox of this journey's server (the embedded
 * default instead of SMTP), in its lane's data directory (lanes.ts). Answers the link's path and query, for
 * page.goto; undefined until such a mail is there.
 */
export function latestMailLink(to: string, path: string): string | undefined {
  const outbox = join(String(test.info().project.metadata.dataDir), 'outbox');
  const files = readdirSync(outbox)
    .filter((f) => f.endsWith('.eml'))
    .sort();
  const pattern = new RegExp(`https?://\\S+${path.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}\\?token=[\\w-]+`);
  for (const file of files.reverse()) {
    // Quoted-printable soft line breaks ("=\r\n") split long links; join them and decode "=3D".
    const mail = readFileSync(join(outbox, file), 'utf8')
      .replace(/=\r?\n/g, '')
      .replace(/=3D/g, '=');
    if (!mail.includes(to)) continue;
    const link = pattern.exec(mail)?.[0];
    if (link) {
      const url = new URL(link);
      return url.pathname + url.search;
    }
  }
  return undefined;
}
