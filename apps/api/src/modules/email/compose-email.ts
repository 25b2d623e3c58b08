import { fillMessage, type Language } from '@basha/domain';
import { escapeHtml } from '../../web/html-text.ts';
import { emailTexts } from './email-texts.ts';
import type { OutgoingEmail } from './mailer.ts';

/** One paragraph of an email: its text, and the page it links to, if any ("Open in Basha"). */
export type EmailLine = { text: string; link?: string; linkText?: string };

export type EmailDraft = {
  to: string;
  recipientName: string;
  language: Language;
  subject: string;
  lines: EmailLine[];
  /**
   * The one-click unsubscribe address (RFC 8058), which also goes in the footer; or, for an
   * email the person asked for (a password reset link), the footer's sentence of why it came.
   */
  footer: { unsubscribeUrl: string } | { asked: string };
  messageId: string;
};

/**
 * Writes an email's plain-text and HTML parts from the same lines, with the headers RFC 8058
 * asks of a one-click unsubscribe: a POST to the address with `List-Unsubscribe=One-Click`.
 */
export function composeEmail(draft: EmailDraft): OutgoingEmail {
  const words = emailTexts[draft.language];
  const greeting = fillMessage(words.greeting, { name: draft.recipientName });
  const unsubscribeUrl = 'unsubscribeUrl' in draft.footer ? draft.footer.unsubscribeUrl : undefined;
  const why = 'asked' in draft.footer ? draft.footer.asked : words.why;
  const text = [
    greeting,
    '',
    ...draft.lines.map((line) => (line.link ? `${line.text}\n${line.link}` : line.text)),
    '',
    '--',
    why,
    ...(unsubscribeUrl ? [`${words.unsubscribe}: ${unsubscribeUrl}`] : []),
  ].join('\n');
  const paragraphs = draft.lines.map((line) =>
    line.link
      ? `<p>${escapeHtml(line.text)}<br><a href="${escapeHtml(line.link)}">${escapeHtml(line.linkText ?? words.open)}</a></p>`
      : `<p>${escapeHtml(line.text)}</p>`,
  );
  const html = `<!doctype html><html lang="${draft.language}"><body>
<p>${escapeHtml(greeting)}</p>
${paragraphs.join('\n')}
<hr><p style="color:#666;font-size:12px">${escapeHtml(why)}${
    unsubscribeUrl
      ? `\n<a href="${escapeHtml(unsubscribeUrl)}">${escapeHtml(words.unsubscribe)}</a>`
      : ''
  }</p>
</body></html>`;
  return {
    to: draft.to,
    subject: draft.subject,
    text,
    html,
    messageId: draft.messageId,
    headers: unsubscribeUrl
      ? {
          'List-Unsubscribe': `<${unsubscribeUrl}>`,
          'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
        }
      : {},
  };
}

/** Where an email's unsubscribe link points: the API's one-click endpoint with the token. */
export function unsubscribeUrlOf(publicUrl: string, token: string): string {
  return `${publicUrl}/api/v1/email/unsubscribe?token=${encodeURIComponent(token)}`;
}
