/** A LIKE pattern matching `text` anywhere, with its own wildcards escaped (a search for "100%" is literal). */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}
