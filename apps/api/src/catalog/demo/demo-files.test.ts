import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crc32, DEMO_DELIVERABLE_TITLES, demoDeliverables, pdfDocument, zipArchive } from './demo-files.ts';
import { DEMO_PRODUCTS } from './demo-products.ts';

// ----------------------------------------------------------------------------------------------------
// An independent ZIP reader: the central directory first, then each local header it points at.

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
    expect(crc32(content)).toBe(crc);
    // Node 20.15+ has its own CRC-32: a second opinion where it exists.
    if (typeof zlib.crc32 === 'function') expect(zlib.crc32(content)).toBe(crc);
    entries.push({ name, method, flags, crc, dosDate, dosTime, content });
  }
  expect(nextLocal).toBe(directoryAt);
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
// A PDF checker: header, trailer, the xref table's offsets, and the text drawn on each page.

/** The literal strings shown with Tj in a content stream, unescaped. */
function shownText(stream: string): string[] {
  return [...stream.matchAll(/\(((?:\\.|[^\\)])*)\) Tj/g)].map((match) => match[1]!.replace(/\\(.)/g, '$1'));
}

function readPdf(pdf: Buffer): { pages: string[][]; info: string } {
  const text = pdf.toString('latin1');
  expect(text.startsWith('%PDF-1.4\n')).toBe(true);
  expect(text.endsWith('%%EOF\n')).toBe(true);

  const startxref = Number(/startxref\n(\d+)\n%%EOF\n$/.exec(text)?.[1]);
  expect(text.startsWith('xref\n', startxref)).toBe(true);
  const [, first, count] = /^xref\n(\d+) (\d+)\n/.exec(text.slice(startxref)) ?? [];
  expect(Number(first)).toBe(0);
  const size = Number(count);
  const tableAt = text.indexOf('\n', startxref + 5) + 1;
  expect(text.slice(tableAt, tableAt + 20)).toBe('0000000000 65535 f \n');
  const objects = new Map<number, string>();
  for (let id = 1; id < size; id++) {
    const entry = text.slice(tableAt + id * 20, tableAt + (id + 1) * 20);
    expect(entry).toMatch(/^\d{10} 00000 n \n$/);
    const offset = Number(entry.slice(0, 10));
    expect(text.startsWith(`${id} 0 obj\n`, offset)).toBe(true);
    objects.set(id, text.slice(offset, text.indexOf('\nendobj\n', offset)));
  }
  expect(text.slice(tableAt + size * 20)).toMatch(new RegExp(`^trailer\\n<< /Size ${size} /Root (\\d+) 0 R /Info (\\d+) 0 R >>\\n`));
  const [, rootId, infoId] = /\/Root (\d+) 0 R \/Info (\d+) 0 R/.exec(text.slice(tableAt + size * 20))!;

  const object = (id: string | number) => objects.get(Number(id)) ?? '';
  const pagesId = /\/Pages (\d+) 0 R/.exec(object(rootId!))![1]!;
  const kids = [...object(pagesId).matchAll(/(\d+) 0 R/g)].map((match) => match[1]!);
  expect(object(pagesId)).toContain(`/Count ${kids.length}`);
  const pages = kids.map((kid) => {
    const page = object(kid);
    expect(page).toContain('/Type /Page ');
    expect(page).toMatch(/\/Font << \/F1 (\d+) 0 R/);
    const fontId = /\/F1 (\d+) 0 R/.exec(page)![1]!;
    expect(object(fontId)).toContain('/BaseFont /Helvetica /Encoding /WinAnsiEncoding');
    const contentId = /\/Contents (\d+) 0 R/.exec(page)![1]!;
    const [, length, stream] = /<< \/Length (\d+) >>\nstream\n([\s\S]*)endstream$/.exec(object(contentId)) ?? [];
    // The declared length is the stream's exact byte count (one byte per character in Latin-1).
    expect(stream?.length).toBe(Number(length));
    return shownText(stream ?? '');
  });
  return { pages, info: object(infoId!) };
}

// ----------------------------------------------------------------------------------------------------

describe('crc32', () => {
  it('gives the published CRC-32 check values', () => {
    expect(crc32('hello world')).toBe(0x0d4a1185);
    expect(crc32('123456789')).toBe(0xcbf43926);
    expect(crc32(new Uint8Array())).toBe(0);
  });
});

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
      expect(entry.flags & 0x0800).toBe(0x0800);
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

  it('writes a PDF 1.4 whose xref offsets each point at their object, and draws every line of every page', () => {
    const pdf = pdfDocument(input);
    const { pages, info } = readPdf(pdf);
    expect(pages).toEqual([
      ['Chapter one', 'First line of page one.', 'Price (USD): 5 \\ 10, café  done'],
      ['Page two says hello.', 'It\x92s \x96 fine.'],
      ['The end'],
    ]);
    expect(info).toContain('/Title (Sample \\(draft\\) \\\\ one)');
    expect(info).toContain('/Author (Ada Writer)');
    // Characters are bytes in WinAnsiEncoding: é is 0xE9 and nothing outside it reaches the file.
    expect(pdf.includes(Buffer.from([0x63, 0x61, 0x66, 0xe9]))).toBe(true);
    expect(pdf.includes(Buffer.from('数据', 'utf8'))).toBe(false);
  });

  it('keeps an Info title outside ASCII exact, as UTF-16', () => {
    const { info } = readPdf(pdfDocument({ ...input, title: 'Ünï 数据' }));
    expect(info).toContain(`/Title <FEFF${Buffer.from('Ünï 数据', 'utf16le').swap16().toString('hex').toUpperCase()}>`);
  });

  it('is deterministic', () => {
    expect(pdfDocument(input).equals(pdfDocument(input))).toBe(true);
  });

  it('refuses a document without pages and a page with more lines than fit', () => {
    expect(() => pdfDocument({ ...input, pages: [] })).toThrow(RangeError);
    expect(() => pdfDocument({ ...input, pages: [Array.from({ length: 60 }, (_, line) => `line ${line}`)] })).toThrow(/page 1/);
  });
});

describe('demoDeliverables', () => {
  // The seed's rule (seed.ts): licences and software sell by key, every other product is a download.
  const KEYED_CATEGORIES = new Set(['licenses', 'software']);
  const product = (title: string) => DEMO_PRODUCTS.find((demo) => demo.title === title);

  it('names only demo products that are downloads, and gives every download product its files', () => {
    const deliverables = demoDeliverables();
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
    for (const { productTitle, files } of demoDeliverables()) {
      const { category } = product(productTitle)!;
      for (const file of files) {
        if (file.contentType === 'application/pdf') {
          expect(file.name).toMatch(/\.pdf$/);
          const { pages, info } = readPdf(file.bytes);
          expect(pages.length).toBeGreaterThanOrEqual(2);
          expect(pages.length).toBeLessThanOrEqual(3);
          expect(pages[0]![0]).toBe(productTitle);
          expect(info).toContain(productTitle);
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

  it('is deterministic: two calls give the same bytes', () => {
    const first = demoDeliverables();
    const second = demoDeliverables();
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
