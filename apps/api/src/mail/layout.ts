import { escapeHtml } from '../orders/receipt.ts';

/** A mail to one person: the receipt's look (docs/decisions/024-verified-email-and-sign-in-links.md), with a plain-text part. */
export interface MailContent {
  subject: string;
  heading: string;
  /** Paragraphs before the link. */
  intro: readonly string[];
  /** The one thing to do, as a button-like link in HTML and the bare address in text. */
  action?: { label: string; href: string };
  /** Paragraphs after the link. */
  outro?: readonly string[];
}

/** The subject, text and HTML parts of a mail, every piece of text escaped in the HTML. */
export function composeMail(content: MailContent): { subject: string; text_body: string; html_body: string } {
  const outro = content.outro ?? [];
  const text = [...content.intro, ...(content.action ? [content.action.href] : []), ...outro].join('\n\n');
  const paragraph = (line: string) => `<p>${escapeHtml(line)}</p>`;
  const html = `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#111">
<h1 style="font-size:20px">${escapeHtml(content.heading)}</h1>
${content.intro.map(paragraph).join('\n')}
${content.action ? `<p><a href="${escapeHtml(content.action.href)}" style="display:inline-block;padding:10px 16px;background:#111;color:#fff;text-decoration:none;border-radius:6px">${escapeHtml(content.action.label)}</a></p>\n` : ''}${outro.map(paragraph).join('\n')}
</body></html>`;
  return { subject: content.subject, text_body: text, html_body: html };
}
