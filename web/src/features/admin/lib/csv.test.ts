import { describe, expect, it } from 'vitest';
import { csvCell, toCsv } from './csv';

describe('csvCell', () => {
  it.each([
    ['=HYPERLINK("http://x","y")', `"'=HYPERLINK(""http://x"",""y"")"`],
    ['+61 400 000 000', "'+61 400 000 000"],
    ['-2+3', "'-2+3"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\tcmd', "'\tcmd"],
    ['\rcmd', `"'\rcmd"`],
  ])('neutralises a formula in %j', (input, expected) => {
    expect(csvCell(input)).toBe(expected);
  });

  it('quotes commas, quotes and line breaks per RFC 4180', () => {
    expect(csvCell('Smith, Jo')).toBe('"Smith, Jo"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
  });

  it('leaves plain text and empty values alone', () => {
    expect(csvCell('Richmond')).toBe('Richmond');
    expect(csvCell(undefined)).toBe('');
    expect(csvCell(3)).toBe('3');
  });
});

describe('toCsv', () => {
  it('writes a header row and CRLF-terminated rows', () => {
    const csv = toCsv([{ header: 'Name', value: (row: { name: string }) => row.name }], [{ name: 'Ava' }, { name: 'Bo, Jr' }]);
    expect(csv).toBe('Name\r\nAva\r\n"Bo, Jr"\r\n');
  });
});
