// @vitest-environment node
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SRC = fileURLToPath(new URL('../..', import.meta.url));

/** Every style sheet of the app, as paths under src/. */
const styleSheets = (dir: string): string[] =>
  readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.css'))
    .map((file) => path.join(dir, file));

/** `font-size`, `line-height` and the `font` shorthand given in pixels, with where they are. */
function pixelTypeSizes(css: string): string[] {
  const found: string[] = [];
  const withoutComments = css.replace(/\/\*[\s\S]*?\*\//g, (comment) => comment.replace(/[^\n]/g, ' '));
  withoutComments.split('\n').forEach((line, index) => {
    if (/(^|[\s;{])(font-size|line-height|font)\s*:[^;]*\d(\.\d+)?px/.test(line))
      found.push(`line ${index + 1}: ${line.trim()}`);
  });
  return found;
}

// Text follows the browser's text size (docs/decisions/0180-text-size.md): a type size in px would
// stay small for a person who set a larger one.
describe('type sizes', () => {
  it('finds a size in pixels, and not one in rem or a pixel figure in a comment', () => {
    expect(pixelTypeSizes('.a {\n  font-size: 14px;\n  line-height: 1.25rem;\n}')).toEqual([
      'line 2: font-size: 14px;',
    ]);
    expect(pixelTypeSizes('.a { line-height: 20px; }')).toHaveLength(1);
    expect(pixelTypeSizes('.a { font: 600 14px/20px sans-serif; }')).toHaveLength(1);
    expect(
      pixelTypeSizes('.a {\n  /* 16px keeps iOS from zooming */\n  font-size: 1rem;\n  min-height: 46px;\n}'),
    ).toEqual([]);
    expect(pixelTypeSizes('.a { line-height: 0; font-size: 0.875rem; }')).toEqual([]);
  });

  it('are in rem or unitless in every style sheet of the app', () => {
    const sheets = styleSheets(SRC);
    expect(sheets.length).toBeGreaterThan(10);
    const inPixels = sheets.flatMap((sheet) =>
      pixelTypeSizes(readFileSync(sheet, 'utf8')).map((where) => `${path.relative(SRC, sheet)} ${where}`),
    );
    expect(inPixels).toEqual([]);
  });
});
