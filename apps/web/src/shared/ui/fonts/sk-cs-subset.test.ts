// @vitest-environment node
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  codePoints,
  FACES,
  latinExtRange,
  letterPoints,
  makeSubset,
  SK_CS_LETTERS,
  subsetFile,
  type Face,
} from './sk-cs-subset';

const FONTS_CSS = fileURLToPath(new URL('../fonts.css', import.meta.url));

/** The `unicode-range` that fonts.css gives the face of `family` and `weight` whose file's name contains `file`. */
async function declaredRange({ family, weight }: Face, file: string): Promise<Set<number>> {
  const css = (await readFile(FONTS_CSS, 'utf8')).replace(/\/\*[\s\S]*?\*\//g, '');
  const block = css
    .split('@font-face')
    .find(
      (text) =>
        text.includes(`font-family: '${family}';`) && text.includes(`font-weight: ${weight};`) && text.includes(file),
    );
  const range = block && /unicode-range:\s*([^;]+);/.exec(block)?.[1];
  if (!range) throw new Error(`no ${family} ${weight} face for ${file} in fonts.css`);
  return codePoints(range);
}

const sorted = (points: Set<number>) => [...points].sort((a, b) => a - b);

describe('the Slovak and Czech letters in small font files of their own', () => {
  it('are the letters of both alphabets that Latin-1 does not have, in both cases', () => {
    const slovak = 'aáäbcčdďeéfghiíjklĺľmnňoóôpqrŕsštťuúvwxyýzž';
    const czech = 'aábcčdďeéěfghiíjklmnňoópqrřsštťuúůvwxyýzž';
    const bothCases = [...(slovak + czech)].flatMap((letter) => [letter, letter.toUpperCase()]);
    const beyondLatin1 = bothCases.filter((letter) => (letter.codePointAt(0) ?? 0) > 0xff);
    expect(sorted(letterPoints(SK_CS_LETTERS))).toEqual(sorted(letterPoints(beyondLatin1.join(''))));
  });

  for (const face of FACES) {
    const name = `${face.family} ${face.weight}`;

    it(`ships for ${name} the file the subsetter makes of the installed font (else: npm run fonts:subset -w @gatehouse/web)`, async () => {
      const shipped = await readFile(subsetFile(face));
      expect(shipped.equals(await makeSubset(face)), `${subsetFile(face)} is out of date`).toBe(true);
      // Far smaller than the whole latin-ext file it comes from (about 15 KB).
      expect(shipped.length).toBeLessThan(8_000);
    }, 30_000);

    it(`gives ${name}'s small file exactly the letters, and its latin-ext file the rest of Fontsource's range`, async () => {
      const small = await declaredRange(face, `${face.id}-sk-cs-`);
      const whole = await declaredRange(face, `${face.id}-latin-ext-`);
      expect(sorted(small)).toEqual(sorted(letterPoints(SK_CS_LETTERS)));
      // No letter in both (the browser would fetch both files), none lost.
      expect([...small].filter((point) => whole.has(point))).toEqual([]);
      expect(sorted(new Set([...small, ...whole]))).toEqual(sorted(codePoints(await latinExtRange(face))));
    });
  }
});
