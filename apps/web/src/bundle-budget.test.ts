// @vitest-environment node
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, constants } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { MIN_BYTES } from '../compress-plugin';

const DIST = fileURLToPath(new URL('../dist', import.meta.url));
const MANIFEST = path.join(DIST, '.vite', 'manifest.json');
/**
 * The sign-in route's JavaScript (the boot script and the app that hydrates the server-rendered
 * page), brotli-compressed: a ratchet just above today's 81.7 KiB, with room for the few dozen bytes
 * that renamed chunks move it by (React's client alone is 57.6 KiB of it); the goal is 75 KiB
 * (docs/decisions/0117-server-rendered-first-view.md, First-view bytes).
 */
const FIRST_VIEW_BUDGET_BYTES = Math.round(81.8 * 1024);

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  src?: string;
  imports?: string[];
  dynamicImports?: string[];
}

function firstViewFiles(manifest: Record<string, ManifestChunk>): string[] {
  const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry && key.endsWith('index.html'));
  if (!entryKey) throw new Error('The manifest has no index.html entry');
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    for (const imported of manifest[key]?.imports ?? []) visit(imported);
  };
  visit(entryKey);
  // The boot script's one dynamic import is the app itself, fetched right after the first paint.
  for (const key of manifest[entryKey]?.dynamicImports ?? []) visit(key);
  // The Slovak catalogue ships with the entry (static import); if it ever
  // becomes a chunk of its own, it is still loaded at start.
  for (const key of Object.keys(manifest)) if (key.endsWith('messages:sk')) visit(key);
  return [...seen].map((key) => manifest[key]?.file ?? '').filter((file) => file.endsWith('.js'));
}

/**
 * A file's size as the server sends it: the build's `.br` beside it (compress-plugin.ts, brotli
 * at its highest quality), checked to be this file's; a file too small for the build to
 * compress is compressed here the same way (a few hundred bytes: no time to speak of).
 */
function brotliSize(file: string): number {
  const bytes = readFileSync(file);
  if (!existsSync(`${file}.br`)) {
    if (bytes.length >= MIN_BYTES) throw new Error(`${file} has no .br beside it: the build's compression did not run`);
    return brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
  }
  const compressed = readFileSync(`${file}.br`);
  if (!brotliDecompressSync(compressed).equals(bytes))
    throw new Error(`${file}.br is not the brotli of ${file}: a stale build`);
  return compressed.length;
}

describe('bundle budget', () => {
  it(`keeps the JavaScript the sign-in page hydrates with within ${FIRST_VIEW_BUDGET_BYTES / 1024} KiB brotli`, () => {
    if (!existsSync(MANIFEST)) {
      throw new Error(`No production build at ${MANIFEST}: run npm run build -w @gatehouse/web first`);
    }
    const manifest = JSON.parse(readFileSync(MANIFEST, 'utf8')) as Record<string, ManifestChunk>;
    const files = firstViewFiles(manifest);
    const sizes = files.map((file) => ({ file, brotli: brotliSize(path.join(DIST, file)) }));
    const total = sizes.reduce((sum, { brotli }) => sum + brotli, 0);
    const report = sizes.map(({ file, brotli }) => `${file}: ${(brotli / 1024).toFixed(1)} KiB`).join(', ');
    expect(files.length, 'the entry chunk must be found').toBeGreaterThan(0);
    expect(total, `first view is ${(total / 1024).toFixed(1)} KiB brotli (${report})`).toBeLessThanOrEqual(
      FIRST_VIEW_BUDGET_BYTES,
    );
  });
});
