/**
 * What a notification e-mail says: the subject, who wrote, the listing's title, the text(s), a link to the
 * conversation, and the footer with the unsubscribe link, as plain text and as HTML. Every word is from the
 * contract (messages.notifications), so the e-mail and the site say the same.
 */
import { fillText, messages } from '@rummage/contract';

const N = messages.notifications;

/** An e-mail shows this many texts at most; the rest are counted ("… and 3 more"). */
export const MAX_TEXTS = 5;

export interface EmailContent {
  subject: string;
  /** "Ana wrote to you about Lamp:" */
  intro: string;
  texts: readonly string[];
  /** The conversation on the site (absolute URL). */
  link: string;
  unsubscribeUrl: string;
  settingsUrl: string;
  productName: string;
}

export interface RenderedEmail {
  subject: string;
  text: string;
  html: string;
}

/** Text as HTML: e-mail bodies and the unsubscribe page show what people wrote, never run it. */
export const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] ?? char,
  );

export function renderEmail(content: EmailContent): RenderedEmail {
  const shown = content.texts.slice(-MAX_TEXTS);
  const more = content.texts.length - shown.length;
  const moreLine = more > 0 ? fillText(N.emailMore, { count: more }) : undefined;
  const footer = fillText(N.emailFooter, { product: content.productName });
  const text = [
    content.intro,
    '',
    ...(moreLine ? [moreLine, ''] : []),
    ...shown.flatMap((body) => [...body.split('\n').map((line) => `> ${line}`), '']),
    `${N.emailOpen}: ${content.link}`,
    '',
    '--',
    footer,
    `${N.emailUnsubscribe}: ${content.unsubscribeUrl}`,
    fillText(N.emailSettings, { url: content.settingsUrl }),
  ].join('\n');

  const quote = (body: string) =>
    `<blockquote style="margin:0 0 12px;padding:8px 12px;border-left:3px solid #ccc;white-space:pre-wrap">${escapeHtml(body)}</blockquote>`;
  const html = [
    '<!doctype html><html><body style="font-family:sans-serif;line-height:1.5;color:#222">',
    `<p>${escapeHtml(content.intro)}</p>`,
    moreLine ? `<p>${escapeHtml(moreLine)}</p>` : '',
    ...shown.map(quote),
    `<p><a href="${escapeHtml(content.link)}">${escapeHtml(N.emailOpen)}</a></p>`,
    '<hr>',
    `<p style="font-size:12px;color:#666">${escapeHtml(footer)} `,
    `<a href="${escapeHtml(content.unsubscribeUrl)}">${escapeHtml(N.emailUnsubscribe)}</a> · `,
    `<a href="${escapeHtml(content.settingsUrl)}">${escapeHtml(N.settings)}</a></p>`,
    '</body></html>',
  ].join('');
  return { subject: content.subject, text, html };
}
