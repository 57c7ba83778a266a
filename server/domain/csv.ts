// CSV as RFC 4180 writes it, and as Excel and LibreOffice save it: fields
// separated by commas, records by CRLF (a lone LF or CR is read too), a field
// with a comma, a quote or a line break inside double quotes, a quote inside
// doubled. Pure: text in, text out; the caller decodes and encodes bytes.

/** A field written so any reader gives it back exactly. */
export function csvField(value: string): string {
  return /[",\r\n]/.test(value) || /^\s|\s$/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/** Records as CSV text, CRLF after each (Excel's way). */
export function toCsv(records: readonly (readonly string[])[]): string {
  return records.map((fields) => fields.map(csvField).join(',') + '\r\n').join('');
}

export interface CsvRecord {
  /** the file's line this record starts on, from 1 (a quoted line break makes a record span several) */
  line: number;
  fields: string[];
}

/** Where the text is not CSV: a quote left open, or text after a closing quote. */
export class CsvSyntaxError extends Error {
  constructor(readonly line: number, readonly problem: 'unclosed_quote' | 'text_after_quote') {
    super(`${problem} on line ${line}`);
    this.name = 'CsvSyntaxError';
  }
}

/** Where an unquoted field ends: a comma or a line break. */
const FIELD_END = /[,\r\n]/g;

/**
 * The records of `text`, each with the line it starts on. Empty lines are
 * skipped (a trailing line break makes none). A leading BOM is not part of
 * the first field. Fields are sliced out of the text, never built a character
 * at a time: a catalog is megabytes.
 */
export function parseCsv(text: string): CsvRecord[] {
  const records: CsvRecord[] = [];
  const n = text.length;
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  let line = 1;
  let fields: string[] = [];
  let start = line;
  const endRecord = () => {
    if (fields.length > 1 || fields[0] !== '') records.push({ line: start, fields });
    fields = [];
  };
  while (i <= n) {
    if (fields.length === 0) start = line;
    if (text[i] === '"') {
      // A quoted field: up to the quote that is not doubled; its line breaks are the field's.
      const opened = line;
      let value = '';
      let from = i + 1;
      for (;;) {
        const quote = text.indexOf('"', from);
        if (quote < 0) throw new CsvSyntaxError(opened, 'unclosed_quote');
        value += text.slice(from, quote);
        if (text[quote + 1] === '"') {
          value += '"';
          from = quote + 2;
          continue;
        }
        i = quote + 1;
        break;
      }
      line += countBreaks(value);
      fields.push(value);
      if (i < n && text[i] !== ',' && text[i] !== '\r' && text[i] !== '\n') throw new CsvSyntaxError(line, 'text_after_quote');
    } else {
      FIELD_END.lastIndex = i;
      const end = FIELD_END.exec(text)?.index ?? n;
      fields.push(text.slice(i, end));
      i = end;
    }
    if (i >= n) {
      endRecord();
      break;
    }
    const c = text[i];
    if (c === ',') {
      i += 1;
      if (i === n) fields.push('');
      else continue;
      endRecord();
      break;
    }
    // A line break: CRLF, LF or a lone CR.
    i += c === '\r' && text[i + 1] === '\n' ? 2 : 1;
    line += 1;
    endRecord();
    if (i === n) break;
  }
  return records;
}

/** Line breaks in a quoted field (CRLF counts once), so the next record's line number is right. */
function countBreaks(value: string): number {
  let count = 0;
  for (let j = 0; j < value.length; j += 1) {
    const c = value.charCodeAt(j);
    if (c === 10) count += 1;
    else if (c === 13 && value.charCodeAt(j + 1) !== 10) count += 1;
  }
  return count;
}
