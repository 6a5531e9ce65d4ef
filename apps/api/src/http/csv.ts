/*
 * CSV for a spreadsheet, the one implementation behind every export (the delivery log, the orders):
 * UTF-8 with a byte order mark (so Excel reads non-Latin names as UTF-8), CRLF line ends (RFC 4180),
 * every field quoted with its quotes doubled (commas and line breaks stay inside their cell), and text a
 * spreadsheet would run as a formula prefixed with `'` (OWASP "CSV injection"). See
 * docs/decisions/032-orders-csv-export.md.
 */

/** The byte order mark, written once before the first row. */
export const CSV_BOM = '\uFEFF';
/** RFC 4180's line end, between rows and after the last one. */
export const CSV_LINE_END = '\r\n';

/** First characters that make a spreadsheet read a cell as a formula (or a DDE call): `=`, `+`, `-`, `@`, tab, CR. */
const FORMULA_START = /^[=+\-@\t\r]/;

export type CsvValue = string | number | null | undefined;

/**
 * One field, quoted. Text that starts like a formula gets a leading `'` (the spreadsheet shows it as text);
 * numbers are our own figures and are written as they are, so a negative amount stays a number.
 */
export function csvField(value: CsvValue): string {
  if (value === null || value === undefined) return '""';
  let text = String(value);
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`;
  return `"${text.replace(/"/g, '""')}"`;
}

/** One row with its line end. */
export function csvRow(values: readonly CsvValue[]): string {
  return values.map(csvField).join(',') + CSV_LINE_END;
}

/** A whole (small) file: BOM, header row and rows. A large export streams `csvRow`s instead. */
export function csvDocument(header: readonly string[], rows: Iterable<readonly CsvValue[]>): Buffer {
  let text = CSV_BOM + csvRow(header);
  for (const row of rows) text += csvRow(row);
  return Buffer.from(text, 'utf8');
}

/** `Content-Disposition` of a CSV download; the name is ours (no user text), so it needs no encoding. */
export function csvAttachment(fileName: string): string {
  return `attachment; filename="${fileName}"`;
}
