import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { downloadCsv, saveBlob, toCsv } from './csv';

describe('toCsv', () => {
  it('writes RFC 4180 rows: quoted when needed, CRLF line ends, empty cells for null', () => {
    expect(
      toCsv(
        ['key', 'note', 'level'],
        [
          ['A-1', 'plain', 1],
          ['A-2', 'a, "quoted"\nnote', null],
          ['A-3', undefined, true],
        ],
      ),
    ).toBe('key,note,level\r\nA-1,plain,1\r\nA-2,"a, ""quoted""\nnote",\r\nA-3,,true\r\n');
  });

  it('keeps a spreadsheet from running a text as a formula', () => {
    expect(toCsv(['note'], [['=1+1'], ['+x'], ['-x'], ['@x'], ['\tx'], [-5]])).toBe(
      "note\r\n'=1+1\r\n'+x\r\n'-x\r\n'@x\r\n'\tx\r\n-5\r\n",
    );
  });
});

describe('saveBlob and downloadCsv', () => {
  const createObjectURL = jest.fn((_blob: Blob) => 'blob:test');
  const revokeObjectURL = jest.fn();
  Object.assign(URL, { createObjectURL, revokeObjectURL });
  afterEach(() => {
    jest.useRealTimers();
  });

  it('clicks a temporary link to the blob, then revokes its URL', () => {
    jest.useFakeTimers();
    const clicked: { href: string; download: string }[] = [];
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked.push({ href: this.href, download: this.download });
    });
    saveBlob(new Blob(['x']), 'keys.csv');
    expect(clicked).toEqual([{ href: 'blob:test', download: 'keys.csv' }]);
    expect(document.querySelector('a')).toBeNull();
    jest.runAllTimers();
    expect(revokeObjectURL).toHaveBeenCalledWith('blob:test');

    downloadCsv('users.csv', ['a'], [['1']]);
    const blob = createObjectURL.mock.calls.at(-1)![0];
    expect(blob.type).toBe('text/csv;charset=utf-8');
    expect(clicked.at(-1)!.download).toBe('users.csv');
    click.mockRestore();
  });
});
