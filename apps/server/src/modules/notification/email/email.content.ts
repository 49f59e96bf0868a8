/**
 * What a notification e-mail says: the subject, an intro, the items (chat messages, support answers, or notices
 * with their own title and link), a link to open, and the footer with the unsubscribe link, as plain text and as
 * HTML. Every word is from the contract (messages.notifications), so the e-mail and the site say the same.
 */
import { fillText, textsFor, type Locale } from '@rummage/contract';

/** An e-mail shows this many items at most; the rest are counted ("… and 3 more"). */
export const MAX_TEXTS = 5;

/** One thing the e-mail tells: a message's text, or a notice's title, text and page (absolute URL). */
export interface EmailItem {
  text: string;
  heading?: string;
  link?: string;
}

export interface EmailContent {
  subject: string;
  /** "Ana wrote to you about Lamp:" */
  intro: string;
  items: readonly EmailItem[];
  /** Where the e-mail leads (absolute URL): the conversation, or the notification list. */
  link: string;
  /** The words of that link; "Open the conversation" unless said. */
  linkText?: string;
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

/** The e-mail in the recipient's language: the content is said in it already, the frame is said here. */
export function renderEmail(content: EmailContent, locale: Locale = 'en'): RenderedEmail {
  const N = textsFor(locale).notifications;
  const shown = content.items.slice(-MAX_TEXTS);
  const more = content.items.length - shown.length;
  const moreLine = more > 0 ? fillText(N.emailMore, { count: more }) : undefined;
  const footer = fillText(N.emailFooter, { product: content.productName });
  const linkText = content.linkText ?? N.emailOpen;
  const textItem = (item: EmailItem) => [
    ...(item.heading ? [item.heading] : []),
    ...item.text.split('\n').map((line) => `> ${line}`),
    ...(item.link ? [item.link] : []),
    '',
  ];
  const text = [
    content.intro,
    '',
    ...(moreLine ? [moreLine, ''] : []),
    ...shown.flatMap(textItem),
    `${linkText}: ${content.link}`,
    '',
    '--',
    footer,
    `${N.emailUnsubscribe}: ${content.unsubscribeUrl}`,
    fillText(N.emailSettings, { url: content.settingsUrl }),
  ].join('\n');

  const anchor = (href: string, inner: string) => `<a href="${escapeHtml(href)}">${inner}</a>`;
  const htmlItem = (item: EmailItem) => {
    const heading = item.heading ? `<strong>${escapeHtml(item.heading)}</strong>` : '';
    return [
      heading ? `<p style="margin:0 0 4px">${item.link ? anchor(item.link, heading) : heading}</p>` : '',
      `<blockquote style="margin:0 0 12px;padding:8px 12px;border-left:3px solid #ccc;white-space:pre-wrap">${escapeHtml(item.text)}</blockquote>`,
    ].join('');
  };
  const html = [
    '<!doctype html><html><body style="font-family:sans-serif;line-height:1.5;color:#222">',
    `<p>${escapeHtml(content.intro)}</p>`,
    moreLine ? `<p>${escapeHtml(moreLine)}</p>` : '',
    ...shown.map(htmlItem),
    `<p>${anchor(content.link, escapeHtml(linkText))}</p>`,
    '<hr>',
    `<p style="font-size:12px;color:#666">${escapeHtml(footer)} `,
    `${anchor(content.unsubscribeUrl, escapeHtml(N.emailUnsubscribe))} · `,
    `${anchor(content.settingsUrl, escapeHtml(N.settings))}</p>`,
    '</body></html>',
  ].join('');
  return { subject: content.subject, text, html };
}
