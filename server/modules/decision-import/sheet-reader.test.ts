import { deflateRawSync } from 'node:zlib';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { detectDelimiter, readSheetFile, readSheetText } from './sheet-reader.ts';
import { unpackedZipSize } from './zip-size.ts';

async function xlsx(fill: (sheet: ExcelJS.Worksheet, workbook: ExcelJS.Workbook) => void): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  fill(workbook.addWorksheet('Decision'), workbook);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

describe('readSheetFile', () => {
  it('reads an XLSX file: typed numbers, rich text, and formulas as their cached results (never evaluated)', async () => {
    const file = await xlsx((sheet) => {
      sheet.addRow(['', 'Price', { richText: [{ text: 'Bat' }, { text: 'tery' }] }]);
      sheet.addRow(['Alpha', 1299.5, 8]);
      // The cached result says 7 although the formula would give 3: the file's own value counts.
      sheet.addRow(['Beta', { formula: '1+2', result: 7 }, { formula: 'B2*2' }]);
    });
    const reading = await readSheetFile(file);
    expect(reading).toEqual({
      ok: true,
      grid: [
        ['', 'Price', 'Battery'],
        ['Alpha', 1299.5, 8],
        ['Beta', 7, null],
      ],
      warnings: [{ row: 3, column: 3, key: 'import.warning.formulaWithoutResult' }],
    });
  });

  it('reads the first visible sheet that holds rows', async () => {
    const file = await xlsx((hidden, workbook) => {
      hidden.state = 'hidden';
      hidden.addRow(['secret', 'x']);
      workbook.addWorksheet('Empty');
      workbook.addWorksheet('Real').addRow(['', 'Price']);
    });
    const reading = await readSheetFile(file);
    expect(reading.ok && reading.grid).toEqual([['', 'Price']]);
  });

  it('reads UTF-8 with BOM, UTF-16 (Excel’s “Unicode text”) and Windows-1252 (Excel’s CSV)', async () => {
    const text = '\tGröße\nÄpfel\t5\n';
    const expected = [
      ['', 'Größe'],
      ['Äpfel', '5'],
    ];
    for (const bytes of [
      Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text, 'utf8')]),
      Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]),
      Buffer.from(text, 'latin1'),
    ]) {
      const reading = await readSheetFile(bytes);
      expect(reading.ok && reading.grid).toEqual(expected);
    }
  });

  it('calls binary files and broken ZIPs no table', async () => {
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
    expect(await readSheetFile(png)).toEqual({ ok: false, reason: 'notATable' });
    const brokenZip = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(100, 7)]);
    expect(await readSheetFile(brokenZip)).toEqual({ ok: false, reason: 'notATable' });
  });
});

describe('unpackedZipSize', () => {
  it('counts what an XLSX file unpacks to, and stops at the budget whatever the archive claims', async () => {
    const file = await xlsx((sheet) => sheet.addRow(['', 'Price']));
    const size = unpackedZipSize(file, 64 * 1024 * 1024);
    expect(typeof size === 'number' && size > file.length).toBe(true);
    expect(unpackedZipSize(file, 100)).toBe('tooLarge');
  });

  it('refuses a ZIP bomb: 20 KB that unpack to 20 MB while the directory claims 10 bytes', () => {
    const data = deflateRawSync(Buffer.alloc(20 * 1024 * 1024));
    expect(unpackedZipSize(zipOf('xl/worksheets/sheet1.xml', data, 10), 10 * 1024 * 1024)).toBe('tooLarge');
  });
});

/** A one-entry ZIP whose directory claims `claimedSize` unpacked bytes. */
function zipOf(name: string, deflated: Buffer, claimedSize: number): Buffer {
  const nameBytes = Buffer.from(name);
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(8, 8);
  local.writeUInt32LE(deflated.length, 18);
  local.writeUInt32LE(claimedSize, 22);
  local.writeUInt16LE(nameBytes.length, 26);
  const directory = Buffer.alloc(46);
  directory.writeUInt32LE(0x02014b50, 0);
  directory.writeUInt16LE(8, 10);
  directory.writeUInt32LE(deflated.length, 20);
  directory.writeUInt32LE(claimedSize, 24);
  directory.writeUInt16LE(nameBytes.length, 28);
  directory.writeUInt32LE(0, 42);
  const directoryOffset = local.length + nameBytes.length + deflated.length;
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(directory.length + nameBytes.length, 12);
  end.writeUInt32LE(directoryOffset, 16);
  return Buffer.concat([local, nameBytes, deflated, directory, nameBytes, end]);
}

describe('readSheetText', () => {
  it.each([
    ['pasted cells', 'x\tPrice\tSize\nA\t1,5\t2', '\t'],
    ['a title line above pasted cells', 'Laptops\n\tPrice\nA\t1', '\t'],
    ['an English CSV', 'x,Price,Size\nA,1.5,2', ','],
    ['a German CSV with decimal commas', 'x;Preis;Größe\nA;1,5;2,5\nB;3,25;4', ';'],
  ])('detects the delimiter of %s', (_, text, delimiter) => {
    expect(detectDelimiter(text)).toBe(delimiter);
  });

  it('reads quoted cells with commas and line breaks', () => {
    expect(
      readSheetText('x,"Price, in €"\n"A\nB",5').ok && readSheetText('x,"Price, in €"\n"A\nB",5'),
    ).toEqual({
      ok: true,
      grid: [
        ['x', 'Price, in €'],
        ['A\nB', '5'],
      ],
      warnings: [],
    });
  });
});
