/**
 * The PGlite template's write-ahead log, cut to what a copy needs to start. The log's segment is
 * 16 MB (about half the template's tar), but after a log switch and a checkpoint a database starts
 * from the newest segment alone, and only its first pages are written: the rest are zeros PGlite
 * would copy into every test file's database. The cut segment keeps every written page and one page
 * of zeros after them, where PostgreSQL's reading of the log stops; it grows again as the copy writes.
 */
const BLOCK = 512;
const WAL_PAGE = 8192;
const SEGMENT = /(^|\/)pg_wal\/[0-9A-F]{24}$/;

interface Entry {
  name: string;
  header: Uint8Array;
  data: Uint8Array;
}

export function trimTemplateWal(tar: Uint8Array): Uint8Array {
  const entries = readTar(tar);
  const segments = entries.filter((entry) => SEGMENT.test(entry.name)).sort((a, b) => (a.name < b.name ? -1 : 1));
  if (segments.length === 0) throw new Error('trimTemplateWal: the template has no write-ahead log segment');
  // The checkpoint made after the switch removed or recycled the older segments under later names:
  // the lowest remaining name holds the checkpoint, the later ones (recycled) are not read at start.
  const [current, ...recycled] = segments;
  const kept = entries
    .filter((entry) => !recycled.includes(entry))
    .map((entry) => (entry === current ? withData(entry, cutAfterWritten(entry.data)) : entry));
  return writeTar(kept);
}

function cutAfterWritten(segment: Uint8Array): Uint8Array {
  let last = segment.length - 1;
  while (last >= 0 && segment[last] === 0) last--;
  const pages = Math.floor((last + 1 + WAL_PAGE - 1) / WAL_PAGE) + 1;
  return segment.slice(0, Math.min(segment.length, pages * WAL_PAGE));
}

function readTar(tar: Uint8Array): Entry[] {
  const entries: Entry[] = [];
  for (let offset = 0; offset + BLOCK <= tar.length;) {
    const header = tar.subarray(offset, offset + BLOCK);
    if (header.every((byte) => byte === 0)) break;
    const name = ascii(header.subarray(0, 100));
    const size = parseInt(ascii(header.subarray(124, 136)).trim() || '0', 8);
    const start = offset + BLOCK;
    entries.push({ name, header, data: tar.subarray(start, start + size) });
    offset = start + Math.ceil(size / BLOCK) * BLOCK;
  }
  return entries;
}

function withData(entry: Entry, data: Uint8Array): Entry {
  const header = entry.header.slice();
  header.set(new TextEncoder().encode(data.length.toString(8).padStart(11, '0') + '\0'), 124);
  // The checksum is the bytes' sum with its own field read as spaces.
  header.fill(0x20, 148, 156);
  const sum = header.reduce((total, byte) => total + byte, 0);
  header.set(new TextEncoder().encode(sum.toString(8).padStart(6, '0') + '\0 '), 148);
  return { ...entry, header, data };
}

function writeTar(entries: Entry[]): Uint8Array {
  const size = entries.reduce((total, entry) => total + BLOCK + Math.ceil(entry.data.length / BLOCK) * BLOCK, 2 * BLOCK);
  const tar = new Uint8Array(size);
  let offset = 0;
  for (const entry of entries) {
    tar.set(entry.header, offset);
    tar.set(entry.data, offset + BLOCK);
    offset += BLOCK + Math.ceil(entry.data.length / BLOCK) * BLOCK;
  }
  return tar;
}

function ascii(bytes: Uint8Array): string {
  const end = bytes.indexOf(0);
  return new TextDecoder('latin1').decode(end === -1 ? bytes : bytes.subarray(0, end));
}
