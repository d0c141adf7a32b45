/**
 * CSV as RFC 4180 writes it (decision 051): fields separated by commas, records ended by CRLF, a
 * field holding a comma, a double quote, CR or LF enclosed in double quotes with each double quote
 * doubled. A cell that a spreadsheet would read as a formula (it begins with =, +, -, @, a tab or a
 * carriage return) is defused with a leading apostrophe, so a tester's answer never runs as one.
 */

const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`;
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function csvRecord(values: readonly (string | number | null | undefined)[]): string {
  return `${values.map(csvCell).join(',')}\r\n`;
}
