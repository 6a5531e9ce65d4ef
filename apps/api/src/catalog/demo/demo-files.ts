import { Buffer } from 'node:buffer';
import { deflateSync, strToU8, zipSync, type Zippable } from 'fflate';
import { PDFDocument, StandardFonts } from 'pdf-lib';

/*
 * Small, real files for the demo's download products: ZIP archives written by fflate, PDF documents by
 * pdf-lib (docs/decisions/052-demo-files-libraries.md), and the deliverables themselves. Every output is
 * deterministic, so a re-seed stores the same bytes and tests can compare them.
 */

// ---------------------------------------------------------------------------------------------------
// ZIP

export interface ZipEntry {
  /** A relative path with `/` between folders, e.g. `kit/index.html`. */
  name: string;
  content: string | Uint8Array;
  /** Stored as an MS-DOS date and time (2-second steps), read in UTC so the output does not depend on the machine. */
  modified?: Date;
}

/** The date every entry carries unless told otherwise: fixed, so the same entries give the same bytes. */
const DEFAULT_MODIFIED = new Date(Date.UTC(2026, 10, 1, 0, 0, 0));

// "Made by" Unix with a regular file's mode 0644, as `zip` on Linux writes it.
const UNIX = 3;
const REGULAR_FILE_0644 = (0o100644 << 16) >>> 0;

/**
 * fflate writes the MS-DOS date from a Date's local fields: this one has the UTC fields of `date` as its
 * local ones, so the archive is the same in every time zone.
 */
function localDateWithUtcFields(date: Date): Date {
  const year = date.getUTCFullYear();
  if (Number.isNaN(date.getTime()) || year < 1980 || year > 2099)
    throw new RangeError(`zipArchive: an MS-DOS date cannot hold ${String(date)}`);
  return new Date(year, date.getUTCMonth(), date.getUTCDate(), date.getUTCHours(), date.getUTCMinutes(), date.getUTCSeconds());
}

/** Refuses names an unzip tool would write outside its target folder, or could not tell apart. */
function checkEntryName(name: string, seen: Set<string>): void {
  const segments = name.split('/');
  if (
    name === '' ||
    name.includes('\\') ||
    name.includes('\0') ||
    segments.some((segment) => segment === '' || segment === '.' || segment === '..')
  ) {
    throw new RangeError(`zipArchive: "${name}" is not a relative file path with "/" separators`);
  }
  if (seen.has(name)) throw new RangeError(`zipArchive: "${name}" appears twice`);
  seen.add(name);
}

/**
 * A ZIP archive of the given files: each DEFLATE-compressed, or stored when compression would not make
 * it smaller; names outside ASCII flagged as UTF-8. The entries keep their order, except that names
 * which are whole numbers ("2026") come first: fflate takes them as an object's keys.
 */
export function zipArchive(entries: readonly ZipEntry[]): Buffer {
  const seen = new Set<string>();
  const files: Zippable = {};
  for (const entry of entries) {
    checkEntryName(entry.name, seen);
    const raw = typeof entry.content === 'string' ? strToU8(entry.content) : entry.content;
    const level = deflateSync(raw, { level: 9 }).length < raw.length ? 9 : 0;
    files[entry.name] = [
      raw,
      { level, mtime: localDateWithUtcFields(entry.modified ?? DEFAULT_MODIFIED), os: UNIX, attrs: REGULAR_FILE_0644 },
    ];
  }
  const zip = zipSync(files);
  return Buffer.from(zip.buffer, zip.byteOffset, zip.byteLength);
}

// ---------------------------------------------------------------------------------------------------
// PDF

export interface PdfInput {
  title: string;
  author: string;
  /** One array per page, one string per line, drawn top to bottom. A line starting with `# ` is a heading. */
  pages: readonly (readonly string[])[];
}

// US Letter in points, with one-inch margins.
const PAGE_WIDTH = 612;
const PAGE_HEIGHT = 792;
const MARGIN = 72;
const BODY = { size: 11, leading: 16 } as const;
const HEADING = { size: 16, leading: 26 } as const;
const PRODUCER = 'Digital goods store demo';
/** The dates every document carries: fixed, so the same input gives the same bytes. */
const DOCUMENT_DATE = new Date(Date.UTC(2026, 10, 1, 0, 0, 0));

/** A line in the characters the font can draw (WinAnsiEncoding for the standard fonts): a tab as a space, others dropped. */
function drawable(line: string, characters: ReadonlySet<number>): string {
  let out = '';
  for (const char of line.replaceAll('\t', ' ')) if (characters.has(char.codePointAt(0)!)) out += char;
  return out;
}

/**
 * A PDF on US Letter pages, text only, in the standard Helvetica fonts (which every reader has, so nothing
 * is embedded). Without object streams, so the file keeps a classic cross-reference table that every
 * reader knows.
 */
export async function pdfDocument({ title, author, pages }: PdfInput): Promise<Buffer> {
  if (pages.length === 0) throw new RangeError('pdfDocument: a PDF needs at least one page');
  // Without updateMetadata pdf-lib leaves out its own producer and the current time.
  const pdf = await PDFDocument.create({ updateMetadata: false });
  pdf.setTitle(title);
  pdf.setAuthor(author);
  pdf.setProducer(PRODUCER);
  pdf.setCreator(PRODUCER);
  pdf.setCreationDate(DOCUMENT_DATE);
  pdf.setModificationDate(DOCUMENT_DATE);
  const body = await pdf.embedFont(StandardFonts.Helvetica);
  const heading = await pdf.embedFont(StandardFonts.HelveticaBold);
  // Both fonts encode WinAnsiEncoding, so they can draw the same characters.
  const characters = new Set(body.getCharacterSet());

  pages.forEach((lines, index) => {
    const page = pdf.addPage([PAGE_WIDTH, PAGE_HEIGHT]);
    let y = PAGE_HEIGHT - MARGIN;
    lines.forEach((line, lineIndex) => {
      const isHeading = line.startsWith('# ');
      const style = isHeading ? HEADING : BODY;
      const font = isHeading ? heading : body;
      // A heading gets its extra room above it, except at the top of the page.
      if (isHeading && lineIndex > 0) y -= style.leading - BODY.leading;
      if (y < MARGIN) throw new RangeError(`pdfDocument: page ${index + 1} has more lines than fit on it`);
      const text = drawable(isHeading ? line.slice(2) : line, characters);
      if (text.trim() !== '') page.drawText(text, { x: MARGIN, y, size: style.size, font });
      y -= style.leading;
    });
  });
  return Buffer.from(await pdf.save({ useObjectStreams: false }));
}

// ---------------------------------------------------------------------------------------------------
// The demo's deliverables

export interface DemoFile {
  name: string;
  contentType: string;
  bytes: Buffer;
}

export interface DemoDeliverable {
  /** Exactly a title of DEMO_PRODUCTS. */
  productTitle: string;
  files: DemoFile[];
}

/** The file name a product's download takes: its title in kebab case, as the demo images are named. */
const slug = (title: string) =>
  title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

const zipFile = (title: string, entries: Record<string, string | Uint8Array>): DemoFile => {
  const folder = slug(title);
  return {
    name: `${folder}.zip`,
    contentType: 'application/zip',
    bytes: zipArchive(Object.entries(entries).map(([name, content]) => ({ name: `${folder}/${name}`, content }))),
  };
};

const pdfFile = async (title: string, name: string, pages: string[][]): Promise<DemoFile> => ({
  name,
  contentType: 'application/pdf',
  bytes: await pdfDocument({ title, author: 'Digital goods store demo', pages }),
});

const licenceText = (title: string, grant: string) =>
  `${title} - licence\n\n` +
  `Copyright (c) 2026 the makers of ${title}. Demo edition.\n\n` +
  `${grant}\n\n` +
  'You may not resell or redistribute these files on their own, as a template, theme or kit, whether\n' +
  'modified or not.\n\n' +
  'THE FILES ARE PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND. IN NO EVENT SHALL THE AUTHORS BE LIABLE\n' +
  'FOR ANY CLAIM, DAMAGES OR OTHER LIABILITY ARISING FROM THE USE OF THE FILES.\n';

function landingPageKit(title: string): DemoFile {
  const html = `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>Orbitly - plan launches together</title>
  <link rel="stylesheet" href="styles.css">
</head>
<body>
  <header class="nav">
    <a class="brand" href="#">Orbitly</a>
    <nav><a href="#features">Features</a><a href="#pricing">Pricing</a><a href="#faq">FAQ</a></nav>
  </header>
  <main>
    <section class="hero">
      <h1>Plan every launch in one place</h1>
      <p>Roadmaps, checklists and release notes that your whole team can edit at the same time.</p>
      <a class="button" href="#pricing">Start free trial</a>
    </section>
    <section id="features" class="features">
      <article><h2>Shared roadmaps</h2><p>Drag work between weeks and see who owns what.</p></article>
      <article><h2>Launch checklists</h2><p>Reuse the steps that worked last time.</p></article>
      <article><h2>Release notes</h2><p>Publish a changelog page straight from finished tasks.</p></article>
    </section>
    <section id="pricing" class="pricing">
      <div class="plan"><h2>Starter</h2><p class="price">$0</p><p>Up to 3 people</p></div>
      <div class="plan featured"><h2>Team</h2><p class="price">$12<span>/seat</span></p><p>Unlimited projects</p></div>
    </section>
    <section id="faq" class="faq">
      <details><summary>Can I cancel at any time?</summary><p>Yes, plans renew monthly.</p></details>
      <details><summary>Is there a free trial?</summary><p>Every paid plan starts with 14 free days.</p></details>
    </section>
  </main>
  <footer>Made with ${title}.</footer>
</body>
</html>
`;
  const css = `/* ${title}: the "Orbitly" SaaS page. Change the two accent colours to rebrand it. */
:root { --accent: #ef4444; --accent-2: #f97316; --ink: #111827; --muted: #6b7280; --surface: #ffffff; }
@media (prefers-color-scheme: dark) { :root { --ink: #f9fafb; --muted: #9ca3af; --surface: #0b1020; } }
* { box-sizing: border-box; }
body { margin: 0; font: 16px/1.6 system-ui, sans-serif; color: var(--ink); background: var(--surface); }
.nav { display: flex; justify-content: space-between; align-items: center; padding: 1rem 2rem; }
.nav a { color: inherit; text-decoration: none; margin-left: 1.5rem; }
.brand { font-weight: 700; margin-left: 0 !important; }
.hero { text-align: center; padding: 5rem 1.5rem; }
.hero h1 { font-size: clamp(2rem, 5vw, 3.5rem); margin: 0 0 1rem; }
.hero p { color: var(--muted); max-width: 36rem; margin: 0 auto 2rem; }
.button { display: inline-block; padding: .75rem 1.5rem; border-radius: .5rem; color: #fff;
  background: linear-gradient(135deg, var(--accent), var(--accent-2)); text-decoration: none; }
.features, .pricing { display: grid; gap: 1.5rem; grid-template-columns: repeat(auto-fit, minmax(15rem, 1fr));
  max-width: 64rem; margin: 0 auto; padding: 3rem 1.5rem; }
.plan { border: 1px solid #e5e7eb; border-radius: 1rem; padding: 2rem; }
.plan.featured { border-color: var(--accent); }
.price { font-size: 2.5rem; font-weight: 700; margin: 0; }
.price span { font-size: 1rem; color: var(--muted); }
.faq { max-width: 40rem; margin: 0 auto; padding: 3rem 1.5rem; }
footer { text-align: center; color: var(--muted); padding: 2rem; }
`;
  const readme = `# ${title} - demo edition

This archive holds one complete page from ${title}: "Orbitly", a SaaS landing page with a hero,
feature grid, pricing table and FAQ. It is plain HTML and CSS with no build step.

## Use it

1. Open \`index.html\` in a browser to preview it.
2. Replace the copy in \`index.html\` and the two accent colours at the top of \`styles.css\`.
3. Upload both files to any static host.

The page follows the system's light or dark setting and keeps text contrast at WCAG AA.

## What the full kit adds

Twenty pages, more than 150 sections, React components and editable design files.
`;
  return zipFile(title, {
    'index.html': html,
    'styles.css': css,
    'README.md': readme,
    'LICENSE.txt': licenceText(title, 'You may use these files in unlimited personal and client projects, and change them as you like.'),
  });
}

function financeDashboard(title: string): DemoFile {
  const categories = ['Rent', 'Groceries', 'Transport', 'Utilities', 'Eating out', 'Savings'];
  const budget = [1200, 450, 120, 180, 150, 400];
  const transactions = [
    ['2026-11-01', 'Rent', 'November rent', '-1200.00'],
    ['2026-11-02', 'Groceries', 'Weekly shop', '-86.40'],
    ['2026-11-03', 'Transport', 'Monthly transit pass', '-95.00'],
    ['2026-11-05', 'Income', 'Salary', '3150.00'],
    ['2026-11-06', 'Utilities', 'Electricity', '-64.12'],
    ['2026-11-08', 'Eating out', 'Lunch with Sam', '-23.50'],
    ['2026-11-09', 'Groceries', 'Weekly shop', '-91.75'],
    ['2026-11-10', 'Savings', 'Transfer to emergency fund', '-400.00'],
  ];
  const readme = `# ${title} - demo edition

Three sheets to import into any spreadsheet app (File > Import, comma separated, UTF-8):

- \`transactions.csv\`: one row per payment or income. Negative amounts are spending.
- \`budget.csv\`: the monthly budget per category, what the sample transactions spent in it and what
  is left. In your spreadsheet, replace Spent with a SUMIF over the transactions sheet.
- \`savings-goals.csv\`: each goal, its target and the monthly amount that reaches it by the target date.

Chart the Budget and Spent columns as a bar chart to get the dashboard's main view.
`;
  return zipFile(title, {
    'README.md': readme,
    'transactions.csv': ['Date,Category,Description,Amount', ...transactions.map((row) => row.join(','))].join('\n') + '\n',
    'budget.csv':
      [
        'Category,Budget,Spent,Left',
        ...categories.map((category, row) => {
          // Cents, so the sums are exact.
          const spent = -transactions
            .filter((line) => line[1] === category)
            .reduce((sum, line) => sum + Math.round(Number(line[3]) * 100), 0);
          return `${category},${budget[row]!.toFixed(2)},${(spent / 100).toFixed(2)},${((budget[row]! * 100 - spent) / 100).toFixed(2)}`;
        }),
      ].join('\n') + '\n',
    'savings-goals.csv':
      'Goal,Target,Saved,Target date,Monthly\nEmergency fund,6000,2400,2027-06-30,514.29\nNew laptop,1500,300,2027-03-31,300.00\n',
    'LICENSE.txt': licenceText(title, 'You may use this template for your own finances and your household, and change it as you like.'),
  });
}

const typescriptChapter = (title: string): Promise<DemoFile> =>
  pdfFile(`${title} - Sample chapter`, 'brightforge-sample-chapter.pdf', [
    [
      `# ${title}`,
      'Sample chapter from course 2, "APIs with TypeScript"',
      '',
      '# Chapter 4: Typing the edges of your API',
      'Most bugs in a web API do not live in the business logic. They live at the edges: in the',
      'request body that is missing a field, in the query string that arrives as a string when you',
      'expected a number, and in the response that quietly drops a property the front end relies on.',
      '',
      'TypeScript cannot see any of these by itself. Its types vanish when the code runs, and data',
      'that comes over the network is, as far as the compiler knows, whatever you say it is. In this',
      'chapter you will close that gap with a schema that is checked at run time and gives you a',
      'static type for free.',
      '',
      '# 4.1 One schema, two jobs',
      'A schema describes the shape of a value. A validator checks a real value against it, and a',
      'type helper turns the same schema into a TypeScript type. Because both come from one place,',
      'they can never drift apart:',
      '',
      '    const Product = Type.Object({ title: Type.String(), cents: Type.Integer() });',
      '    type Product = Static<typeof Product>;',
      '',
      'Write the schema once, in a shared package, and import it from the server and the client.',
    ],
    [
      '# 4.2 Validate at the door',
      'Validate every request before your handler runs. If the body does not match, answer 400 with',
      'a message that names the field, and never let the handler see the bad value. Inside the',
      'handler you can then trust the type completely: no defensive checks, no "as" casts.',
      '',
      'Responses deserve the same care. Declare a schema per status code and let the framework',
      'serialise with it. Properties you did not declare, such as a password hash on a user row, are',
      'left out instead of leaking to the client.',
      '',
      '# 4.3 Money is an integer',
      'Prices look like decimals, but floating-point numbers cannot hold 0.1 exactly. Store and',
      'compute money as integer cents, and convert to dollars only where a person reads it. The',
      'schema helps here too: Type.Integer({ minimum: 0 }) refuses 19.999 before it reaches the',
      'database.',
      '',
      '# Exercise',
      'Add a "compareAtCents" field to the product schema of the course project. It is optional,',
      'must be an integer, and must be larger than "cents" when present. Write one test that',
      'sends a valid product and one that sends a compare-at price below the price, and check that',
      'the second is refused with a message naming the field.',
    ],
    [
      '# Summary',
      '- Types disappear at run time; schemas do not.',
      '- One schema gives both the validator and the static type.',
      '- Validate requests at the door and serialise responses with a schema.',
      '- Keep money in integer cents.',
      '',
      'In chapter 5 you will connect the API to PostgreSQL and type your queries the same way.',
      '',
      'This sample is part of the demo store. The full bootcamp has five courses, more than sixty',
      'hours of video, the source code of every lesson and a full-stack capstone project.',
    ],
  ]);

const promptingLesson = (title: string): Promise<DemoFile> =>
  pdfFile(`${title} - Sample lesson`, 'promptcraft-sample-lesson.pdf', [
    [
      `# ${title}`,
      'Sample lesson from the course "Writing prompts that work"',
      '',
      '# Lesson 1: Give the model a job, not a wish',
      'A vague prompt gets a vague answer. "Write something about our new app" leaves the model to',
      'guess the reader, the length, the tone and the goal, and it will guess the most average',
      'answer it can. A good prompt removes the guessing with four parts:',
      '',
      '1. Role: who should the model act as? "You are an editor for a small travel magazine."',
      '2. Task: what exactly should it produce? "Write three headlines for the article below."',
      '3. Context: what does it need to know? Paste the article, the audience and any limits.',
      '4. Format: how should the answer look? "A numbered list, each headline under 60 characters."',
      '',
      '# Try it',
      'Take a prompt you used this week and rewrite it with all four parts. Run both versions and',
      'compare the answers side by side. Most people find the second answer needs far less editing.',
    ],
    [
      '# Check what comes back',
      'Models write confidently even when they are wrong. Before you use an answer, check names,',
      'numbers, dates and quotes against a source you trust, and ask the model to list the claims',
      'it made so that nothing slips past you.',
      '',
      '# Worksheet',
      '- Which part of your prompt did the model follow least well?',
      '- What example could you add to show the format you want?',
      '- Which facts in the answer did you verify, and where?',
      '',
      'Members get the full library of more than thirty courses, new lessons every week, live',
      'monthly workshops and downloadable prompt libraries.',
    ],
  ]);

/** A short, deterministic impulse response (16-bit mono WAV): decaying noise, as a plate reverb sounds. */
function impulseResponseWav(): Buffer {
  const rate = 22_050;
  const samples = Math.round(rate * 0.12);
  const wav = Buffer.alloc(44 + samples * 2);
  wav.write('RIFF', 0, 'latin1');
  wav.writeUInt32LE(36 + samples * 2, 4);
  wav.write('WAVEfmt ', 8, 'latin1');
  wav.writeUInt32LE(16, 16);
  wav.writeUInt16LE(1, 20); // PCM
  wav.writeUInt16LE(1, 22); // mono
  wav.writeUInt32LE(rate, 24);
  wav.writeUInt32LE(rate * 2, 28);
  wav.writeUInt16LE(2, 32);
  wav.writeUInt16LE(16, 34);
  wav.write('data', 36, 'latin1');
  wav.writeUInt32LE(samples * 2, 40);
  // A fixed-seed linear congruential generator: the same noise on every run, so the bytes are stable.
  let seed = 20261101;
  for (let index = 0; index < samples; index++) {
    seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0;
    const noise = seed / 0x80000000 - 1;
    wav.writeInt16LE(Math.round(noise * 30_000 * Math.exp((-6 * index) / samples)), 44 + index * 2);
  }
  return wav;
}

/** A 5x5x5 3D LUT in the .cube format: lifts shadows and warms the image, like a faded film stock. */
function warmFilmCube(title: string): string {
  const size = 5;
  const lines = [
    `# ${title}: "Warm Film" look, demo edition`,
    'TITLE "Warm Film"',
    `LUT_3D_SIZE ${size}`,
    'DOMAIN_MIN 0.0 0.0 0.0',
    'DOMAIN_MAX 1.0 1.0 1.0',
  ];
  const grade = (value: number, gain: number) => Math.min(1, 0.04 + value * 0.92 * gain).toFixed(6);
  // The .cube order: red changes fastest, then green, then blue.
  for (let b = 0; b < size; b++)
    for (let g = 0; g < size; g++)
      for (let r = 0; r < size; r++)
        lines.push(`${grade(r / (size - 1), 1.06)} ${grade(g / (size - 1), 1.0)} ${grade(b / (size - 1), 0.9)}`);
  return lines.join('\n') + '\n';
}

const readmeFor = (title: string, about: string, contents: string) =>
  `# ${title} - demo download\n\n${about}\n\n## In this archive\n\n${contents}\n\nThis is the demo store's sample delivery: the real product download would take its place.\n`;

const DELIVERABLES: readonly { title: string; files: (title: string) => DemoFile[] | Promise<DemoFile[]> }[] = [
  { title: 'Launchframe Landing Page Kit', files: (title) => [landingPageKit(title)] },
  { title: 'Tallyfold Finance Dashboard Template', files: (title) => [financeDashboard(title)] },
  { title: 'Brightforge Full-Stack TypeScript Bootcamp', files: async (title) => [await typescriptChapter(title)] },
  { title: 'Promptcraft Academy Membership', files: async (title) => [await promptingLesson(title)] },
  {
    title: 'Aurora AI Writer',
    files: (title) => [
      zipFile(title, {
        'README.md': readmeFor(
          title,
          'Aurora runs in the browser; this starter pack helps you set up your first brand voice.',
          '- `brand-voice-brief.md`: fill it in and paste it into a new voice profile.',
        ),
        'brand-voice-brief.md':
          '# Brand voice brief\n\nWho we write for: small-business owners with little time.\nTone: warm, direct, no jargon.\n' +
          'Words we use: simple, ready, yours.\nWords we avoid: leverage, synergy, revolutionary.\n\n' +
          '## Sample paragraph\n\nYour shop is ready before your coffee is. Add your products, pick a theme and share the link.\n',
      }),
    ],
  },
  {
    title: 'Lumora Image Studio',
    files: (title) => [
      zipFile(title, {
        'README.md': readmeFor(
          title,
          'Import these style presets in Lumora under Settings > Presets > Import.',
          '- `style-presets.json`: three presets for product shots, flat illustrations and social posts.',
        ),
        'style-presets.json':
          JSON.stringify(
            {
              version: 1,
              presets: [
                { name: 'Studio product shot', prompt_suffix: 'on a seamless light grey backdrop, soft box lighting, 85mm', aspect: '4:3' },
                { name: 'Flat illustration', prompt_suffix: 'flat vector illustration, two accent colours, no gradients', aspect: '1:1' },
                { name: 'Social post', prompt_suffix: 'bold composition, space for a headline at the top', aspect: '4:5' },
              ],
            },
            null,
            2,
          ) + '\n',
      }),
    ],
  },
  {
    title: 'Synapta Local AI Toolkit',
    files: (title) => [
      zipFile(title, {
        'README.md': readmeFor(
          title,
          'Synapta runs entirely on your computer. Copy the sample configuration to your settings folder to index a folder of documents at start.',
          '- `synapta.example.toml`: a configuration with one watched folder and the local API on port 8765.',
        ),
        'synapta.example.toml':
          '# Synapta settings: copy to ~/.config/synapta/synapta.toml (Linux, macOS) or %APPDATA%\\Synapta (Windows).\n' +
          '[models]\nchat = "local-7b-instruct"\ntranscription = "local-speech-small"\nuse_gpu = "auto"\n\n' +
          '[[library]]\nname = "Contracts"\npath = "~/Documents/Contracts"\nwatch = true\n\n' +
          '[api]\nenabled = true\nhost = "127.0.0.1"\nport = 8765\n',
      }),
    ],
  },
  {
    title: 'Echoform Audio Plugin Bundle',
    files: (title) => [
      zipFile(title, {
        'README.md': readmeFor(
          title,
          "Load the impulse response into any convolution reverb, or into Echoform Plate's IR slot, to hear the bundle's short plate.",
          '- `impulse-responses/short-plate.wav`: a 0.12 s mono impulse response, 22.05 kHz, 16-bit.',
        ),
        'impulse-responses/short-plate.wav': impulseResponseWav(),
      }),
    ],
  },
  {
    title: 'Tintwell Color Grading Plugin',
    files: (title) => [
      zipFile(title, {
        'README.md': readmeFor(
          title,
          'Apply the LUT in any editor that reads .cube files, or load it into Tintwell as a starting look.',
          '- `luts/warm-film.cube`: a 5x5x5 3D LUT that lifts shadows and warms highlights.',
        ),
        'luts/warm-film.cube': warmFilmCube(title),
      }),
    ],
  },
];

/**
 * The titles of the demo products that get files. They are the download products of the seed (every
 * category but licences and software, which sell by key; see seed.ts), matched by exact title.
 */
export const DEMO_DELIVERABLE_TITLES: readonly string[] = DELIVERABLES.map((deliverable) => deliverable.title);

/** The files of the demo's download products: a template kit as a zip, a course's sample as a PDF, the rest a zip with a README and an asset. */
export async function demoDeliverables(): Promise<DemoDeliverable[]> {
  return Promise.all(DELIVERABLES.map(async ({ title, files }) => ({ productTitle: title, files: await files(title) })));
}
