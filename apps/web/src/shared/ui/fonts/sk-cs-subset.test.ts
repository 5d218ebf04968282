// @vitest-environment node
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  codePoints,
  latinExtRange,
  letterPoints,
  makeSubset,
  SK_CS_LETTERS,
  subsetFile,
  WEIGHTS,
} from './sk-cs-subset';

const FONTS_CSS = fileURLToPath(new URL('../fonts.css', import.meta.url));

/** The `unicode-range` of the Open Sans face of `weight` whose file's name contains `file`. */
async function declaredRange(weight: number, file: string): Promise<Set<number>> {
  const faces = (await readFile(FONTS_CSS, 'utf8')).split('@font-face').slice(1);
  const face = faces.find(
    (block) => block.includes("'Open Sans'") && block.includes(`font-weight: ${weight};`) && block.includes(file),
  );
  const range = face && /unicode-range:\s*([^;]+);/.exec(face.replace(/\/\*[\s\S]*?\*\//g, ''))?.[1];
  if (!range) throw new Error(`no Open Sans ${weight} face for ${file} in fonts.css`);
  return codePoints(range);
}

const sorted = (points: Set<number>) => [...points].sort((a, b) => a - b);

describe('the Slovak and Czech letters of Open Sans in files of their own', () => {
  it('are the letters of both alphabets that Latin-1 does not have, in both cases', () => {
    const slovak = 'aáäbcčdďeéfghiíjklĺľmnňoóôpqrŕsštťuúvwxyýzž';
    const czech = 'aábcčdďeéěfghiíjklmnňoópqrřsštťuúůvwxyýzž';
    const beyondLatin1 = [...(slovak + czech)].flatMap((letter) => [letter, letter.toUpperCase()]);
    const expected = new Set(beyondLatin1.filter((letter) => (letter.codePointAt(0) ?? 0) > 0xff));
    expect(sorted(letterPoints(SK_CS_LETTERS))).toEqual(sorted(letterPoints([...expected].join(''))));
  });

  for (const weight of WEIGHTS) {
    it(`ships, for weight ${weight}, the file the subsetter makes of the installed Open Sans (run npm run fonts:subset -w @gatehouse/web after an update)`, async () => {
      const shipped = await readFile(subsetFile(weight));
      expect(shipped.equals(await makeSubset(weight)), `${subsetFile(weight)} is out of date`).toBe(true);
      // Far smaller than the whole latin-ext file it comes from.
      expect(shipped.length).toBeLessThan(8_000);
    }, 30_000);

    it(`declares, for weight ${weight}, exactly the letters for the small file, and the rest of latin-ext for the whole one`, async () => {
      const small = await declaredRange(weight, 'open-sans-sk-cs-');
      const whole = await declaredRange(weight, 'open-sans-latin-ext-');
      expect(sorted(small)).toEqual(sorted(letterPoints(SK_CS_LETTERS)));
      // No letter in both (the browser would fetch both files), none lost (latin-ext as Fontsource has it).
      expect([...small].filter((point) => whole.has(point))).toEqual([]);
      expect(sorted(new Set([...small, ...whole]))).toEqual(sorted(codePoints(await latinExtRange(weight))));
    });
  }
});
