import { fillMessage, type Language, type NotificationKind } from '@basha/domain';
import { escapeHtml } from '../../web/html-text.ts';
import { emailKindNames, emailTexts } from './email-texts.ts';

function page(language: Language, body: string): string {
  const words = emailTexts[language];
  return `<!doctype html><html lang="${language}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${escapeHtml(words.unsubscribePageTitle)} · Basha</title></head>
<body style="font-family:sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem">${body}</body></html>`;
}

/**
 * The page the link opens: a question and a button that sends the one-click POST. A GET
 * changes nothing, since mail scanners open every link of an email.
 */
export function unsubscribePage(language: Language, kind: NotificationKind): string {
  const words = emailTexts[language];
  const question = fillMessage(words.unsubscribePageQuestion, {
    kind: emailKindNames[language][kind] ?? kind,
  });
  return page(
    language,
    `<h1>${escapeHtml(words.unsubscribePageTitle)}</h1><p>${escapeHtml(question)}</p>
<form method="post"><input type="hidden" name="List-Unsubscribe" value="One-Click">
<button type="submit">${escapeHtml(words.unsubscribePageButton)}</button></form>`,
  );
}

export function unsubscribedPage(language: Language): string {
  const words = emailTexts[language];
  return page(
    language,
    `<h1>${escapeHtml(words.unsubscribePageTitle)}</h1><p>${escapeHtml(words.unsubscribedPage)}</p>`,
  );
}
