/**
 * Text of a request header as a person would read it, safe to store and to show: Node hands header values
 * over as latin1 (one character per byte), so UTF-8 sent by a browser arrives garbled ("Ã¼" for "ü"); it is
 * decoded here, then control and direction characters are dropped and the text is bounded.
 */

const utf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * The header's text: its bytes read as UTF-8 when they are valid UTF-8, else as latin1 (what the bytes mean
 * in the older HTTP rule); without C0/C1 controls, DEL, direction marks and overrides, or lone surrogates;
 * at most `max` characters (code points, as PostgreSQL's `length` counts them).
 */
export function headerText(value: string, max: number): string {
  return Array.from(stripHidden(decodeHeader(value)))
    .slice(0, max)
    .join('');
}

function decodeHeader(value: string): string {
  // A character past U+00FF never came from the wire (Node's parser gives one per byte): it is text already.
  if (/[\u0100-\uffff]/.test(value)) return value;
  try {
    return utf8.decode(Buffer.from(value, 'latin1'));
  } catch {
    return value;
  }
}

function stripHidden(text: string): string {
  return Array.from(text)
    .filter((char) => !isHiddenCharacter(char.codePointAt(0) ?? 0))
    .join('');
}

/**
 * Characters no stored or shown text keeps: C0/C1 controls, DEL, direction marks and overrides, and lone
 * surrogates (half a pair: not text, no database stores it, encodeURIComponent throws on it).
 */
export function isHiddenCharacter(code: number): boolean {
  return (
    code < 0x20 ||
    (code >= 0x7f && code <= 0x9f) ||
    code === 0x200e ||
    code === 0x200f ||
    (code >= 0x202a && code <= 0x202e) ||
    (code >= 0x2066 && code <= 0x2069) ||
    (code >= 0xd800 && code <= 0xdfff)
  );
}
