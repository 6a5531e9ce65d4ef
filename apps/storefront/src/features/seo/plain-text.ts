/*
 * Catalogue text made fit for a page's head: the contract keeps control characters out of what it
 * stores, but a head tag must hold whatever an older row, an import or a bug left there (a NUL byte,
 * half a surrogate pair, a megabyte of description) without breaking the page or a crawler's parser.
 */

// Matching control characters is the point of this expression.
// eslint-disable-next-line no-control-regex
const CONTROL_BUT_LINE_BREAKS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/gu;
/** Half of a surrogate pair without its other half: no text at all, and some parsers refuse it. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
/** How far past the limit a text is read: enough for ordinary spacing, and a megabyte costs no more than this. */
const READ_FACTOR = 8;
/** A cut later than this share of the limit keeps whole words; earlier (one very long word), the word is cut. */
const WORD_CUT_MIN_SHARE = 0.6;

/** Only text: no control character but tab and line breaks, no lone surrogate. */
function withoutControls(text: string): string {
  return text.replace(CONTROL_BUT_LINE_BREAKS, '').replace(LONE_SURROGATE, '');
}

/**
 * The text cut to at most `max` characters, "…" included, after the last whole word that fits (or
 * mid-word when one word fills most of the room), never between the halves of a surrogate pair.
 */
export function cutAtWord(text: string, max: number): string {
  if (text.length <= max) return text;
  const room = text.slice(0, max);
  const lastSpace = room.search(/\s\S*$/);
  let kept = lastSpace >= max * WORD_CUT_MIN_SHARE ? room.slice(0, lastSpace) : room.slice(0, max - 1);
  if (/[\uD800-\uDBFF]$/.test(kept)) kept = kept.slice(0, -1);
  return `${kept.replace(/[\s,;:.!?–—-]+$/u, '')}…`;
}

/** One line of at most `max` characters: every run of white space (line breaks too) one space, trimmed. */
export function plainLine(text: string, max: number): string {
  const line = withoutControls(text.slice(0, max * READ_FACTOR))
    .replace(/\s+/g, ' ')
    .trim();
  return cutAtWord(line, max);
}

/** Paragraphs of at most `max` characters: line breaks kept as `\n` (at most one blank line), spaces collapsed, trimmed. */
export function plainParagraphs(text: string, max: number): string {
  const paragraphs = withoutControls(text.slice(0, max * READ_FACTOR))
    .replace(/\r\n?|[\u2028\u2029]/g, '\n')
    .replace(/[^\S\n]+/g, ' ')
    .replace(/ ?\n ?/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  return cutAtWord(paragraphs, max);
}
