import { isHiddenCharacter } from '../http/header-text.ts';
/**
 * `Content-Disposition: attachment` naming the file in any script, as RFC 6266 says: an ASCII
 * `filename="..."` for old clients and the exact name as RFC 5987 `filename*=UTF-8''...`, which
 * every current browser prefers. The answer is plain ASCII, so it is a valid header value and a valid
 * S3 `response-content-disposition`.
 */
export function attachmentDisposition(fileName: string): string {
  const name = cleanFileName(fileName);
  return `attachment; filename="${asciiFallback(name)}"; filename*=UTF-8''${encodeRfc5987(name)}`;
}

/**
 * Drops control characters and the invisible direction marks that can disguise an extension
 * ("invoice\u202Efdp.exe" shows as "invoiceexe.pdf") and broken UTF-16, turns path separators into `_`;
 * never empty.
 */
export function cleanFileName(fileName: string): string {
  const cleaned = Array.from(fileName.normalize('NFC'))
    .filter((char) => !isHiddenCharacter(char.codePointAt(0) ?? 0))
    .join('')
    .replace(/[/\\]/g, '_')
    .trim();
  return cleaned === '' || cleaned === '.' || cleaned === '..' ? 'download' : cleaned;
}

/** The name with anything outside printable ASCII, and the quote, backslash and `%`, turned into `_`. */
function asciiFallback(name: string): string {
  // One `_` per character, not per UTF-16 unit, so an emoji is one `_`.
  return Array.from(name, (char) => (/^[\x20-\x7e]$/.test(char) && !/["\\%]/.test(char) ? char : '_')).join('');
}

/** RFC 5987 `value-chars`: `encodeURIComponent` leaves `'()*` as they are, which attr-char does not allow. */
function encodeRfc5987(value: string): string {
  return encodeURIComponent(value).replace(/['()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`);
}
