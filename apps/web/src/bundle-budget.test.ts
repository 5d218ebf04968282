// @vitest-environment node
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { brotliCompressSync, constants } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';

const DIST = fileURLToPath(new URL('../dist', import.meta.url));
const MANIFEST = path.join(DIST, '.vite', 'manifest.json');
/** The sign-in route's JavaScript before the user can type, brotli-compressed. */
const FIRST_VIEW_BUDGET_BYTES = 100 * 1024;

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
  // The Slovak catalogue ships with the entry (static import); if it ever
  // becomes a chunk of its own, it is still loaded at start.
  for (const key of Object.keys(manifest)) if (key.endsWith("messages:sk")) visit(key);
  return [...seen].map((key) => manifest[key]?.file ?? '').filter((file) => file.endsWith('.js'));
}

interface FirstView {
  files: string[];
  sizes: { file: string; brotli: number }[];
}

/**
 * Brotli at its highest quality (as the build ships the files) is seconds of CPU on a loaded
 * machine: it is work, not a timing under test, so it runs once, before the assertions, with a
 * time-out suited to it.
 */
const COMPRESSION_TIMEOUT_MS = 120_000;

describe('bundle budget', () => {
  let firstView: FirstView;

  beforeAll(() => {
    if (!existsSync(MANIFEST)) {
      throw new Error(`No production build at ${MANIFEST}: run npm run build -w @gatehouse/web first`);
    }
    const manifest = JSON.parse(readFileSync(MANIFEST, 'utf8')) as Record<string, ManifestChunk>;
    const files = firstViewFiles(manifest);
    const sizes = files.map((file) => ({
      file,
      brotli: brotliCompressSync(readFileSync(path.join(DIST, file)), { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
    }));
    firstView = { files, sizes };
  }, COMPRESSION_TIMEOUT_MS);

  it('keeps the JavaScript the sign-in page needs before the user can type within 100 KiB brotli', () => {
    const { files, sizes } = firstView;
    const total = sizes.reduce((sum, { brotli }) => sum + brotli, 0);
    const report = sizes.map(({ file, brotli }) => `${file}: ${(brotli / 1024).toFixed(1)} KiB`).join(', ');
    expect(files.length, 'the entry chunk must be found').toBeGreaterThan(0);
    expect(total, `first view is ${(total / 1024).toFixed(1)} KiB brotli (${report})`).toBeLessThanOrEqual(FIRST_VIEW_BUDGET_BYTES);
  });
});
