// The catalog's CSV (server/domain/csv.ts): what Excel and LibreOffice write reads back field for
// field, line numbers count the line breaks inside quoted fields, and broken quoting is named.
import { describe, expect, it } from 'vitest';
import { CsvSyntaxError, parseCsv, toCsv } from '../../../server/domain/csv.ts';

const fields = (text: string) => parseCsv(text).map((r) => r.fields);

describe('reading CSV', () => {
  it.each([
    ['CRLF, as Excel saves', 'a,b\r\nc,d\r\n', [['a', 'b'], ['c', 'd']]],
    ['LF, no last line break', 'a,b\nc,d', [['a', 'b'], ['c', 'd']]],
    ['quoted commas, doubled quotes, line breaks; empty lines skipped', '"x, y","q""q"\r\n\r\n"multi\r\nline",z\n', [['x, y', 'q"q'], ['multi\r\nline', 'z']]],
    ['empty fields', 'a,\n,b\n', [['a', ''], ['', 'b']]],
    ['a BOM before the first field, Arabic kept', '\uFEFFid,name\r\n1,"عود"\r\n', [['id', 'name'], ['1', 'عود']]],
    ['a trailing comma', 'a,b,', [['a', 'b', '']]],
  ])('%s', (_name, text, want) => {
    expect(fields(text)).toEqual(want);
  });

  it('numbers each record by the line it starts on', () => {
    expect(parseCsv('h\r\n"a\nb"\r\nc\r\n').map((r) => r.line)).toEqual([1, 2, 4]);
  });

  it('names an unclosed quote and text after a closing quote, with the line', () => {
    expect(() => parseCsv('a\n"open\n')).toThrow(new CsvSyntaxError(2, 'unclosed_quote'));
    expect(() => parseCsv('"a"b\n')).toThrow(new CsvSyntaxError(1, 'text_after_quote'));
  });
});

describe('writing CSV', () => {
  it('quotes what needs it, so every field reads back exactly', () => {
    const records = [['a,b', 'c"d', 'e\nf', ' lead', 'trail ', 'plain', '', 'عود | oud; مسك']];
    const text = toCsv(records);
    expect(text).toBe('"a,b","c""d","e\nf"," lead","trail ",plain,,عود | oud; مسك\r\n');
    expect(fields(text)).toEqual(records);
  });
});
