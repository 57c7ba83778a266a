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

/**
 * The records of `text`, each with the line it starts on. Empty lines are
 * skipped (a trailing line break makes none). A leading BOM is not part of
 * the first field.
 */
export function parseCsv(text: string): CsvRecord[] {
  const records: CsvRecord[] = [];
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  let line = 1;
  const n = text.length;
  while (i < n) {
    const start = line;
    const fields: string[] = [];
    let field = '';
    let quoted = false;
    let any = false;
    for (;;) {
      if (i >= n) {
        fields.push(field);
        break;
      }
      const c = text[i];
      if (c === '"' && field === '' && !quoted) {
        // A quoted field: up to the quote that is not doubled.
        quoted = true;
        any = true;
        i += 1;
        const opened = line;
        for (;;) {
          if (i >= n) throw new CsvSyntaxError(opened, 'unclosed_quote');
          const q = text[i];
          if (q === '"') {
            if (text[i + 1] === '"') {
              field += '"';
              i += 2;
              continue;
            }
            i += 1;
            break;
          }
          if (q === '\r' || q === '\n') {
            if (q === '\r' && text[i + 1] === '\n') {
              field += '\r\n';
              i += 2;
            } else {
              field += q;
              i += 1;
            }
            line += 1;
            continue;
          }
          field += q;
          i += 1;
        }
        const next = text[i];
        if (i < n && next !== ',' && next !== '\r' && next !== '\n') throw new CsvSyntaxError(line, 'text_after_quote');
        continue;
      }
      if (c === ',') {
        fields.push(field);
        field = '';
        quoted = false;
        any = true;
        i += 1;
        continue;
      }
      if (c === '\r' || c === '\n') {
        fields.push(field);
        i += c === '\r' && text[i + 1] === '\n' ? 2 : 1;
        line += 1;
        break;
      }
      field += c;
      any = true;
      i += 1;
    }
    if (any || fields.some((f) => f !== '')) records.push({ line: start, fields });
  }
  return records;
}
