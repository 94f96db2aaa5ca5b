/**
 * Names inside the CSV's list cells (Categories, Variant), where `;` separates entries, `>` the
 * levels of a category path and `:` an attribute from its value. A name holding one of those
 * characters, or a backslash, is written with a backslash before it (`Tea\; coffee`), so any name
 * survives an export and an import.
 */
const SPECIAL = /[\\;>:]/g;

/** A name as written inside a list cell. */
export function escapeCellName(name: string): string {
  return name.replace(SPECIAL, (character) => `\\${character}`);
}

/** A name as read from a list cell (each `\x` is `x`). */
export function unescapeCellName(text: string): string {
  return text.replace(/\\(.)/g, '$1');
}

/**
 * Splits a cell's text at each `separator` that is not escaped, trimming each part and leaving
 * its escapes in (read a name from a part with `unescapeCellName`). `limit` 2 splits at the
 * first separator only.
 */
export function splitCell(text: string, separator: ';' | '>' | ':', limit = Infinity): string[] {
  const parts: string[] = [];
  let current = '';
  for (let index = 0; index < text.length; index += 1) {
    const character = text[index]!;
    if (character === '\\' && index + 1 < text.length) {
      current += character + text[index + 1];
      index += 1;
    } else if (character === separator && parts.length < limit - 1) {
      parts.push(current.trim());
      current = '';
    } else {
      current += character;
    }
  }
  parts.push(current.trim());
  return parts;
}
