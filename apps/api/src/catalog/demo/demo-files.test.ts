import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { unzipSync } from 'fflate';
import { PDFArray, PDFDocument, PDFName, PDFRawStream } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEMO_DELIVERABLE_TITLES, demoDeliverables, pdfDocument, zipArchive } from './demo-files.ts';
import { DEMO_PRODUCTS } from './demo-products.ts';

// ----------------------------------------------------------------------------------------------------
// A ZIP reader of its own, independent of the writer (fflate): the central directory first, then each
// local header it points at, inflated by zlib.

interface ReadEntry {
  name: string;
  method: number;
  flags: number;
  crc: number;
  dosDate: number;
  dosTime: number;
  content: Buffer;
}

function readZip(zip: Buffer): ReadEntry[] {
  const endAt = zip.length - 22;
  expect(zip.readUInt32LE(endAt)).toBe(0x06054b50);
  const count = zip.readUInt16LE(endAt + 10);
  expect(zip.readUInt16LE(endAt + 8)).toBe(count);
  const directorySize = zip.readUInt32LE(endAt + 12);
  const directoryAt = zip.readUInt32LE(endAt + 16);
  expect(directoryAt + directorySize).toBe(endAt);

  const entries: ReadEntry[] = [];
  let at = directoryAt;
  let nextLocal = 0;
  for (let index = 0; index < count; index++) {
    expect(zip.readUInt32LE(at)).toBe(0x02014b50);
    const flags = zip.readUInt16LE(at + 8);
    const method = zip.readUInt16LE(at + 10);
    const dosTime = zip.readUInt16LE(at + 12);
    const dosDate = zip.readUInt16LE(at + 14);
    const crc = zip.readUInt32LE(at + 16);
    const compressedSize = zip.readUInt32LE(at + 20);
    const size = zip.readUInt32LE(at + 24);
    const nameLength = zip.readUInt16LE(at + 28);
    const extraLength = zip.readUInt16LE(at + 30);
    const commentLength = zip.readUInt16LE(at + 32);
    const localAt = zip.readUInt32LE(at + 42);
    const name = zip.toString('utf8', at + 46, at + 46 + nameLength);
    at += 46 + nameLength + extraLength + commentLength;

    // The local header repeats what the directory says, and the entries sit back to back.
    expect(localAt).toBe(nextLocal);
    expect(zip.readUInt32LE(localAt)).toBe(0x04034b50);
    expect(zip.readUInt16LE(localAt + 6)).toBe(flags);
    expect(zip.readUInt16LE(localAt + 8)).toBe(method);
    expect(zip.readUInt16LE(localAt + 10)).toBe(dosTime);
    expect(zip.readUInt16LE(localAt + 12)).toBe(dosDate);
    expect(zip.readUInt32LE(localAt + 14)).toBe(crc);
    expect(zip.readUInt32LE(localAt + 18)).toBe(compressedSize);
    expect(zip.readUInt32LE(localAt + 22)).toBe(size);
    const localNameLength = zip.readUInt16LE(localAt + 26);
    const localExtraLength = zip.readUInt16LE(localAt + 28);
    expect(zip.toString('utf8', localAt + 30, localAt + 30 + localNameLength)).toBe(name);
    const dataAt = localAt + 30 + localNameLength + localExtraLength;
    const data = zip.subarray(dataAt, dataAt + compressedSize);
    nextLocal = dataAt + compressedSize;

    expect([0, 8]).toContain(method);
    const content = method === 8 ? zlib.inflateRawSync(data) : Buffer.from(data);
    expect(content.length).toBe(size);
    expect(zlib.crc32(content)).toBe(crc);
    entries.push({ name, method, flags, crc, dosDate, dosTime, content });
  }
  expect(nextLocal).toBe(directoryAt);
  // fflate's own reader agrees, name for name and byte for byte.
  const unzipped = unzipSync(zip);
  expect(Object.keys(unzipped)).toEqual(entries.map((entry) => entry.name));
  for (const entry of entries) expect(Buffer.from(unzipped[entry.name]!).equals(entry.content), entry.name).toBe(true);
  return entries;
}

const hasUnzip = spawnSync('which', ['unzip']).status === 0;
let workDir = '';
beforeAll(async () => {
  workDir = await mkdtemp(path.join(tmpdir(), 'demo-files-'));
});
afterAll(async () => {
  if (workDir) await rm(workDir, { recursive: true, force: true });
});

/** Info-ZIP's own test of every entry, when the machine has it. */
async function expectUnzipAccepts(zip: Buffer, fileName: string): Promise<void> {
  if (!hasUnzip) return;
  const file = path.join(workDir, fileName);
  await writeFile(file, zip);
  const result = spawnSync('unzip', ['-t', file], { encoding: 'utf8' });
  expect(result.stderr).toBe('');
  expect(result.stdout).toContain('No errors detected');
  expect(result.status).toBe(0);
}

// ----------------------------------------------------------------------------------------------------
// A PDF reader: pdf-lib parses the file (header, cross-references, objects), zlib inflates each page's
// content stream, and the text is what its Tj operators show, in WinAnsiEncoding.

// WinAnsiEncoding is Latin-1 but for 0x80-0x9F. Node's TextDecoder('windows-1252') reads those as
// Latin-1's control codes, so they are mapped here.
const WIN_ANSI_80_9F = '€\ufffd‚ƒ„…†‡ˆ‰Š‹Œ\ufffdŽ\ufffd\ufffd‘’“”•–—˜™š›œ\ufffdžŸ';
const winAnsi = (bytes: Buffer) =>
  [...bytes].map((byte) => (byte >= 0x80 && byte <= 0x9f ? WIN_ANSI_80_9F[byte - 0x80]! : String.fromCharCode(byte))).join('');

/** The strings one content stream shows, in order. pdf-lib writes each as a hex string: `<48656C6C6F> Tj`. */
function shownText(stream: Buffer): string[] {
  return [...stream.toString('latin1').matchAll(/<([0-9A-F]*)> Tj/g)].map((match) => winAnsi(Buffer.from(match[1]!, 'hex')));
}

async function readPdf(bytes: Buffer): Promise<{ pages: string[][]; document: PDFDocument }> {
  expect(bytes.subarray(0, 9).toString('latin1')).toMatch(/^%PDF-1\.\d\n/);
  expect(bytes.subarray(-6).toString('latin1')).toMatch(/%%EOF\n?$/);
  const document = await PDFDocument.load(bytes, { updateMetadata: false, throwOnInvalidObject: true });
  const pages = document.getPages().map((page) => {
    const contents = document.context.lookup(page.node.get(PDFName.of('Contents')));
    const streams = contents instanceof PDFArray ? contents.asArray().map((ref) => document.context.lookup(ref)) : [contents];
    return streams.flatMap((stream) => {
      expect(stream).toBeInstanceOf(PDFRawStream);
      const raw = stream as PDFRawStream;
      expect(raw.dict.get(PDFName.of('Filter'))).toBe(PDFName.of('FlateDecode'));
      return shownText(zlib.inflateSync(raw.getContents()));
    });
  });
  return { pages, document };
}

const hasPdftotext = spawnSync('which', ['pdftotext']).status === 0;

/** Poppler's text extraction, when the machine has it: every given line appears in the text it reads. */
async function expectPdftotextReads(pdf: Buffer, fileName: string, lines: readonly string[]): Promise<void> {
  if (!hasPdftotext) return;
  const file = path.join(workDir, fileName);
  await writeFile(file, pdf);
  const result = spawnSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' });
  expect(result.stderr).toBe('');
  expect(result.status).toBe(0);
  for (const line of lines) expect(result.stdout).toContain(line);
}

// ----------------------------------------------------------------------------------------------------

describe('zipArchive', () => {
  const modified = new Date(Date.UTC(2025, 5, 14, 13, 45, 30));
  const noise = randomBytes(2048);
  const entries = [
    { name: 'hello.txt', content: 'hello world' },
    { name: 'docs/guide.md', content: '# Guide\n\n' + 'Repeated text compresses well. '.repeat(40), modified },
    { name: 'assets/noise.bin', content: noise },
    { name: 'docs/Ünïcödé 数据.txt', content: 'A name outside ASCII.\n' },
  ];

  it('writes entries that read back byte for byte, with their CRC-32, dates and UTF-8 names', async () => {
    const zip = zipArchive(entries);
    const read = readZip(zip);
    expect(read.map((entry) => entry.name)).toEqual(entries.map((entry) => entry.name));
    read.forEach((entry, index) => {
      const { content } = entries[index]!;
      expect(entry.content.equals(typeof content === 'string' ? Buffer.from(content, 'utf8') : content)).toBe(true);
      // The UTF-8 flag (bit 11) where a name is not plain ASCII.
      expect(entry.flags & 0x0800, entry.name).toBe(/^[\x20-\x7e]*$/.test(entry.name) ? 0 : 0x0800);
    });
    expect(read[0]!.crc).toBe(0x0d4a1185);

    // Text that repeats is deflated; random bytes do not shrink, so they are stored.
    expect(read[1]!.method).toBe(8);
    expect(read[2]!.method).toBe(0);

    // MS-DOS date and time: 2025-06-14 13:45:30 given, 2026-11-01 00:00:00 by default.
    expect(read[1]!.dosDate).toBe(((2025 - 1980) << 9) | (6 << 5) | 14);
    expect(read[1]!.dosTime).toBe((13 << 11) | (45 << 5) | 15);
    expect(read[0]!.dosDate).toBe(((2026 - 1980) << 9) | (11 << 5) | 1);
    expect(read[0]!.dosTime).toBe(0);

    await expectUnzipAccepts(zip, 'entries.zip');
  });

  it('is deterministic: the same entries give the same bytes, another date other bytes', () => {
    expect(zipArchive(entries).equals(zipArchive(entries))).toBe(true);
    expect(zipArchive([{ name: 'a.txt', content: 'a', modified }]).equals(zipArchive([{ name: 'a.txt', content: 'a' }]))).toBe(false);
  });

  it('writes the dates in UTC, so the bytes do not depend on the time zone', () => {
    // Node applies a change of TZ at once; unstubAllEnvs puts the zone back.
    try {
      vi.stubEnv('TZ', 'UTC');
      const inUtc = zipArchive(entries);
      vi.stubEnv('TZ', 'America/New_York');
      expect(new Date(Date.UTC(2026, 10, 1)).getHours(), 'the zone took effect').toBe(20);
      expect(zipArchive(entries).equals(inUtc)).toBe(true);
    } finally {
      vi.unstubAllEnvs();
    }
  });

  it('refuses names that would escape the target folder or collide', () => {
    for (const name of ['', '/etc/passwd', '../up.txt', 'a/../../b', 'a\\b.txt', 'folder/', 'a//b']) {
      expect(() => zipArchive([{ name, content: 'x' }]), name).toThrow(RangeError);
    }
    expect(() =>
      zipArchive([
        { name: 'same.txt', content: '1' },
        { name: 'same.txt', content: '2' },
      ]),
    ).toThrow(/twice/);
  });

  it('writes an empty archive as a lone end record', () => {
    const zip = zipArchive([]);
    expect(zip.length).toBe(22);
    expect(readZip(zip)).toEqual([]);
  });
});

describe('pdfDocument', () => {
  const input = {
    title: 'Sample (draft) \\ one',
    author: 'Ada Writer',
    pages: [
      ['# Chapter one', 'First line of page one.', '', 'Price (USD): 5 \\ 10, café 数据 done'],
      ['Page two says hello.', 'It’s – fine.'],
      ['# The end'],
    ],
  };

  it('writes a PDF that a reader parses, with every line of every page drawn and characters outside WinAnsi dropped', async () => {
    const pdf = await pdfDocument(input);
    const { pages, document } = await readPdf(pdf);
    expect(pages).toEqual([
      ['Chapter one', 'First line of page one.', 'Price (USD): 5 \\ 10, café  done'],
      ['Page two says hello.', 'It’s – fine.'],
      ['The end'],
    ]);
    expect(document.getTitle()).toBe(input.title);
    expect(document.getAuthor()).toBe('Ada Writer');
    // pdftotext runs the two spaces left where 数据 was into one.
    await expectPdftotextReads(pdf, 'sample.pdf', ['Chapter one', 'Price (USD): 5 \\ 10, café done', 'It’s – fine.', 'The end']);
  });

  it('keeps an Info title outside ASCII exact', async () => {
    const { document } = await readPdf(await pdfDocument({ ...input, title: 'Ünï 数据' }));
    expect(document.getTitle()).toBe('Ünï 数据');
  });

  it('is deterministic: fixed dates, producer and creator instead of the time and pdf-lib', async () => {
    const pdf = await pdfDocument(input);
    expect(pdf.equals(await pdfDocument(input))).toBe(true);
    const { document } = await readPdf(pdf);
    expect(document.getCreationDate()?.toISOString()).toBe('2026-11-01T00:00:00.000Z');
    expect(document.getModificationDate()?.toISOString()).toBe('2026-11-01T00:00:00.000Z');
    expect(document.getProducer()).toBe('Digital goods store demo');
    expect(document.getCreator()).toBe('Digital goods store demo');
  });

  it('refuses a document without pages and a page with more lines than fit', async () => {
    await expect(pdfDocument({ ...input, pages: [] })).rejects.toThrow(RangeError);
    await expect(pdfDocument({ ...input, pages: [Array.from({ length: 60 }, (_, line) => `line ${line}`)] })).rejects.toThrow(/page 1/);
  });
});

describe('demoDeliverables', () => {
  // The seed's rule (seed.ts): licences and software sell by key, every other product is a download.
  const KEYED_CATEGORIES = new Set(['licenses', 'software']);
  const product = (title: string) => DEMO_PRODUCTS.find((demo) => demo.title === title);

  it('names only demo products that are downloads, and gives every download product its files', async () => {
    const deliverables = await demoDeliverables();
    expect(deliverables.map((deliverable) => deliverable.productTitle)).toEqual(DEMO_DELIVERABLE_TITLES);
    for (const title of DEMO_DELIVERABLE_TITLES) {
      expect(product(title), title).toBeDefined();
      expect(KEYED_CATEGORIES.has(product(title)!.category), title).toBe(false);
    }
    const downloads = DEMO_PRODUCTS.filter((demo) => !KEYED_CATEGORIES.has(demo.category)).map((demo) => demo.title);
    expect([...DEMO_DELIVERABLE_TITLES].sort()).toEqual(downloads.sort());
    for (const deliverable of deliverables) expect(deliverable.files.length, deliverable.productTitle).toBeGreaterThan(0);
  });

  it('gives templates a working page kit, courses a sample PDF of 2-3 pages, and the rest a README and an asset', async () => {
    for (const { productTitle, files } of await demoDeliverables()) {
      const { category } = product(productTitle)!;
      for (const file of files) {
        if (file.contentType === 'application/pdf') {
          expect(file.name).toMatch(/\.pdf$/);
          const { pages, document } = await readPdf(file.bytes);
          expect(pages.length).toBeGreaterThanOrEqual(2);
          expect(pages.length).toBeLessThanOrEqual(3);
          expect(pages[0]![0]).toBe(productTitle);
          expect(document.getTitle()).toContain(productTitle);
          await expectPdftotextReads(file.bytes, file.name, [productTitle, pages[1]![0]!]);
          continue;
        }
        expect(file.contentType).toBe('application/zip');
        expect(file.name).toMatch(/\.zip$/);
        const entries = readZip(file.bytes);
        const names = entries.map((entry) => entry.name.split('/').slice(1).join('/'));
        const readme = entries.find((entry) => entry.name.endsWith('/README.md'));
        expect(readme?.content.toString('utf8'), productTitle).toContain(productTitle);
        expect(entries.length, productTitle).toBeGreaterThanOrEqual(2);
        if (productTitle === 'Launchframe Landing Page Kit')
          expect(names).toEqual(expect.arrayContaining(['index.html', 'styles.css', 'README.md', 'LICENSE.txt']));
        await expectUnzipAccepts(file.bytes, file.name);
      }
      const kinds = files.map((file) => file.contentType);
      if (category === 'courses') expect(kinds, productTitle).toEqual(['application/pdf']);
      else expect(kinds, productTitle).toEqual(['application/zip']);
    }
  });

  it('is deterministic: two calls give the same bytes', async () => {
    const first = await demoDeliverables();
    const second = await demoDeliverables();
    expect(second.map((deliverable) => deliverable.files.map((file) => file.name))).toEqual(
      first.map((deliverable) => deliverable.files.map((file) => file.name)),
    );
    first.forEach((deliverable, index) =>
      deliverable.files.forEach((file, fileIndex) =>
        expect(file.bytes.equals(second[index]!.files[fileIndex]!.bytes), file.name).toBe(true),
      ),
    );
  });
});
