/**
 * Addresses at disposable-mail services (docs/product.md §15): refused at registration and at an e-mail change,
 * unless ALLOW_DISPOSABLE_EMAIL is set. The list is mailchecker's, maintained upstream (about 56,000 domains).
 */

/** RFC 2606's documentation names are nobody's inbox, but they are what examples and demos use: never disposable. */
const DOCUMENTATION_DOMAINS = ['example.com', 'example.org', 'example.net'];
const RESERVED_TOP_LEVEL = ['test', 'example', 'invalid', 'localhost'];

let domains: Promise<Set<string>> | undefined;
/** The list is a megabyte of JavaScript: loaded on the first check, not at start-up. */
const disposableDomains = () => (domains ??= import('mailchecker').then((checker) => checker.blacklist()));

/** The address's domain and each domain above it: mail.trashmail.com is as disposable as trashmail.com. */
function domainsOf(email: string): string[] {
  const host = email
    .slice(email.lastIndexOf('@') + 1)
    .trim()
    .toLowerCase()
    .replace(/\.$/, '');
  const labels = host.split('.');
  return labels.slice(0, -1).map((_, i) => labels.slice(i).join('.'));
}

export async function isDisposableAddress(email: string): Promise<boolean> {
  const candidates = domainsOf(email);
  if (candidates.length === 0) return false;
  const top = candidates.at(-1)!.split('.').at(-1)!;
  if (RESERVED_TOP_LEVEL.includes(top)) return false;
  if (candidates.some((domain) => DOCUMENTATION_DOMAINS.includes(domain))) return false;
  const list = await disposableDomains();
  return candidates.some((domain) => list.has(domain));
}
