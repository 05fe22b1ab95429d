import { inflateRawSync } from 'node:zlib';

const END_OF_DIRECTORY = 0x06054b50;
const DIRECTORY_ENTRY = 0x02014b50;
const LOCAL_HEADER = 0x04034b50;
const STORED = 0;
const DEFLATED = 8;

/**
 * How many bytes a ZIP archive (an XLSX file) unpacks to, found by unpacking each entry with a
 * budget, never trusting the sizes the archive claims: a 2 MB file can unpack to gigabytes, which
 * the spreadsheet library would hold in memory. `tooLarge` once the budget is spent, `invalid` for
 * anything that is no plain ZIP (ZIP64, encryption, other compression methods).
 */
export function unpackedZipSize(bytes: Buffer, budget: number): number | 'tooLarge' | 'invalid' {
  try {
    const end = findEndOfDirectory(bytes);
    if (end < 0) return 'invalid';
    const entries = bytes.readUInt16LE(end + 10);
    let offset = bytes.readUInt32LE(end + 16);
    let total = 0;
    for (let entry = 0; entry < entries; entry++) {
      if (bytes.readUInt32LE(offset) !== DIRECTORY_ENTRY) return 'invalid';
      const flags = bytes.readUInt16LE(offset + 8);
      const method = bytes.readUInt16LE(offset + 10);
      const compressedSize = bytes.readUInt32LE(offset + 20);
      const localOffset = bytes.readUInt32LE(offset + 42);
      const nameLength = bytes.readUInt16LE(offset + 28);
      const extraLength = bytes.readUInt16LE(offset + 30);
      const commentLength = bytes.readUInt16LE(offset + 32);
      offset += 46 + nameLength + extraLength + commentLength;
      if (flags & 0x1 || compressedSize === 0xffffffff) return 'invalid';

      if (bytes.readUInt32LE(localOffset) !== LOCAL_HEADER) return 'invalid';
      const dataStart =
        localOffset + 30 + bytes.readUInt16LE(localOffset + 26) + bytes.readUInt16LE(localOffset + 28);
      const data = bytes.subarray(dataStart, dataStart + compressedSize);
      if (method === STORED) total += data.length;
      else if (method === DEFLATED) {
        try {
          total += inflateRawSync(data, { maxOutputLength: Math.max(1, budget - total) }).length;
        } catch (error) {
          if (error instanceof RangeError) return 'tooLarge';
          return 'invalid';
        }
      } else return 'invalid';
      if (total > budget) return 'tooLarge';
    }
    return total;
  } catch {
    // A read beyond the buffer: the directory points nowhere.
    return 'invalid';
  }
}

function findEndOfDirectory(bytes: Buffer): number {
  // The record is 22 bytes plus a comment of at most 65,535 bytes at the very end.
  const lowest = Math.max(0, bytes.length - 22 - 0xffff);
  for (let offset = bytes.length - 22; offset >= lowest; offset--) {
    if (bytes.readUInt32LE(offset) === END_OF_DIRECTORY) return offset;
  }
  return -1;
}
