/**
 * The letters of Slovak and Czech that are not in Latin-1 (č, ď, ě, ĺ, ľ, ň, ŕ, ř, š, ť, ů, ž and
 * their capitals), cut out of the latin-ext files of Open Sans and Roboto into small files of their own
 * (docs/decisions/0117-server-rendered-first-view.md, "Fonts"). A Slovak or Czech page then fetches
 * about 5 KiB per weight for them instead of the whole latin-ext file (15 KiB); a name or an address
 * with another letter of latin-ext (ł, ő) still gets it from the whole file.
 *
 * The files are the fonts cut down, under their licence (the SIL Open Font License, beside them
 * as Fontsource ships it: `OFL-open-sans.txt`, `OFL-roboto.txt`). `npm run fonts:subset -w @gatehouse/web` writes them next to
 * this module; `sk-cs-subset.test.ts` checks that they are what the library makes of the installed
 * fonts, and that `fonts.css` gives them exactly these letters.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import subsetFont from 'subset-font';

export const SK_CS_LETTERS = 'ČčĎďĚěĹĺĽľŇňŔŕŘřŠšŤťŮůŽž';

/** A family and weight the app draws text in, as Fontsource names them. */
export interface Face {
  family: 'Open Sans' | 'Roboto';
  /** Fontsource's package and file prefix. */
  id: 'open-sans' | 'roboto';
  weight: number;
}

/** Every face the app uses (fonts.css): Open Sans for the text, Roboto for hints. */
export const FACES: readonly Face[] = [
  { family: 'Open Sans', id: 'open-sans', weight: 400 },
  { family: 'Open Sans', id: 'open-sans', weight: 600 },
  { family: 'Roboto', id: 'roboto', weight: 400 },
];

/** The small file of `face` beside this module. */
export const subsetFile = ({ id, weight }: Face) =>
  fileURLToPath(new URL(`./${id}-sk-cs-${weight}-normal.woff2`, import.meta.url));

const require = createRequire(import.meta.url);

/** The `unicode-range` of the latin-ext file of `face`, as the installed Fontsource declares it. */
export async function latinExtRange({ id, weight }: Face): Promise<string> {
  const css = await readFile(require.resolve(`@fontsource/${id}/${weight}.css`), 'utf8');
  const block = css.split('@font-face').find((text) => text.includes(`${id}-latin-ext-${weight}-normal.woff2`));
  const range = block && /unicode-range:\s*([^;]+);/.exec(block)?.[1];
  if (!range) throw new Error(`no latin-ext face in @fontsource/${id}/${weight}.css`);
  return range;
}

/** The small file's bytes for `face` (the same for the same input: HarfBuzz's subsetter, woff2). */
export async function makeSubset({ id, weight }: Face): Promise<Buffer> {
  const latinExt = require.resolve(`@fontsource/${id}/files/${id}-latin-ext-${weight}-normal.woff2`);
  return subsetFont(await readFile(latinExt), SK_CS_LETTERS, { targetFormat: 'woff2' });
}

/** The code points of a CSS `unicode-range` (`U+0100-02BA, U+0304`). */
export function codePoints(range: string): Set<number> {
  const points = new Set<number>();
  for (const part of range.split(',')) {
    const match = /^\s*U\+([0-9A-F]+)(?:-([0-9A-F]+))?\s*$/i.exec(part);
    if (!match?.[1]) throw new Error(`not a unicode-range: ${part}`);
    const first = Number.parseInt(match[1], 16);
    const last = match[2] ? Number.parseInt(match[2], 16) : first;
    for (let point = first; point <= last; point++) points.add(point);
  }
  return points;
}

/** The letters' code points. */
export const letterPoints = (letters: string) => new Set([...letters].map((letter) => letter.codePointAt(0) ?? 0));

/** Code points as a CSS `unicode-range`, runs of neighbours joined (`U+010C-010F`). */
export function unicodeRange(set: Iterable<number>): string {
  const points = [...new Set(set)].sort((a, b) => a - b);
  const hex = (point: number) => point.toString(16).toUpperCase().padStart(4, '0');
  const runs: string[] = [];
  for (let i = 0; i < points.length;) {
    let j = i;
    while (j + 1 < points.length && points[j + 1] === (points[j] ?? 0) + 1) j++;
    const [first, last] = [points[i] ?? 0, points[j] ?? 0];
    runs.push(first === last ? `U+${hex(first)}` : `U+${hex(first)}-${hex(last)}`);
    i = j + 1;
  }
  return runs.join(', ');
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  console.log(`unicode-range of the small files: ${unicodeRange(letterPoints(SK_CS_LETTERS))}`);
  for (const face of FACES) {
    const bytes = await makeSubset(face);
    await writeFile(subsetFile(face), bytes);
    const rest = codePoints(await latinExtRange(face));
    for (const point of letterPoints(SK_CS_LETTERS)) rest.delete(point);
    console.log(`${subsetFile(face)}: ${bytes.length} bytes; latin-ext without the letters: ${unicodeRange(rest)}`);
  }
}
