/**
 * The letters of Slovak and Czech that are not in Latin-1 (č, ď, ě, ĺ, ľ, ň, ŕ, ř, š, ť, ů, ž and
 * their capitals), cut out of Open Sans' latin-ext files into small files of their own
 * (docs/decisions/0117-server-rendered-first-view.md, "Fonts"). A Slovak or Czech page then fetches
 * about 5 KiB per weight for them instead of the whole latin-ext file (15 KiB); a name or an address
 * with another letter of latin-ext (ł, ő) still gets it from the whole file.
 *
 * The files are Open Sans cut down, under its licence (`OFL.txt` beside them, as
 * `@fontsource/open-sans` ships it). `npm run fonts:subset -w @gatehouse/web` writes them next to
 * this module; `sk-cs-subset.test.ts` checks that they are what the library makes of the installed
 * Open Sans, and that `fonts.css` gives them exactly these letters.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import subsetFont from 'subset-font';

export const SK_CS_LETTERS = 'ČčĎďĚěĹĺĽľŇňŔŕŘřŠšŤťŮůŽž';

/** The weights the app draws Open Sans in. */
export const WEIGHTS = [400, 600] as const;

/** The file of `weight` beside this module. */
export const subsetFile = (weight: number) =>
  fileURLToPath(new URL(`./open-sans-sk-cs-${weight}-normal.woff2`, import.meta.url));

/** Open Sans' latin-ext file of `weight`, as the installed `@fontsource/open-sans` ships it. */
function latinExtFile(weight: number): string {
  const require = createRequire(import.meta.url);
  return require.resolve(`@fontsource/open-sans/files/open-sans-latin-ext-${weight}-normal.woff2`);
}

/** The `unicode-range` of Open Sans' latin-ext file of `weight`, as the installed Fontsource declares it. */
export async function latinExtRange(weight: number): Promise<string> {
  const require = createRequire(import.meta.url);
  const css = await readFile(require.resolve(`@fontsource/open-sans/${weight}.css`), 'utf8');
  const face = css.split('@font-face').find((block) => block.includes(`open-sans-latin-ext-${weight}-normal.woff2`));
  const range = face && /unicode-range:\s*([^;]+);/.exec(face)?.[1];
  if (!range) throw new Error(`no latin-ext face of weight ${weight} in @fontsource/open-sans/${weight}.css`);
  return range;
}

/** The subset of `weight` (the same bytes for the same input: HarfBuzz's subsetter, woff2). */
export async function makeSubset(weight: number): Promise<Buffer> {
  return subsetFont(await readFile(latinExtFile(weight)), SK_CS_LETTERS, { targetFormat: 'woff2' });
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
  for (const weight of WEIGHTS) {
    const bytes = await makeSubset(weight);
    await writeFile(subsetFile(weight), bytes);
    console.log(`${subsetFile(weight)}: ${bytes.length} bytes`);
  }
  console.log(`unicode-range of the subsets: ${unicodeRange(letterPoints(SK_CS_LETTERS))}`);
  const latinExt = codePoints(await latinExtRange(400));
  for (const point of letterPoints(SK_CS_LETTERS)) latinExt.delete(point);
  console.log(`unicode-range of latin-ext without them: ${unicodeRange(latinExt)}`);
}
