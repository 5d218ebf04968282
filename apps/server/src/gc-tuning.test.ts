import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const GC_TUNING = fileURLToPath(new URL('./gc-tuning.ts', import.meta.url));

/**
 * A process that keeps every object of one allocation place through forty young collections, then
 * compiles the function of that place and asks V8 (natives syntax, test only) whether a new object
 * of that place is young. With pretenuring V8 has moved that place to the old generation by then;
 * with the server's setting it has not.
 */
async function newObjectIsYoung(withServerSetting: boolean): Promise<boolean> {
  const script = `
    ${withServerSetting ? `await import(${JSON.stringify(GC_TUNING)});` : ''}
    function make(i) { return { a: i, b: [i], c: 'x' + i }; }
    const kept = [];
    for (let round = 0; round < 40; round++) {
      for (let i = 0; i < 20000; i++) kept.push(make(i));
      globalThis.gc({ type: 'minor' });
    }
    // The decision is used by compiled code: compile \`make\` now (synchronously), then ask.
    %PrepareFunctionForOptimization(make);
    make(2);
    %OptimizeFunctionOnNextCall(make);
    console.log(JSON.stringify({ young: %InYoungGeneration(make(1)), kept: kept.length }));
  `;
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [
      // V8 decides to pretenure only at a collection of a young generation at its full size: held at
      // its full size from the start, the decision does not hang on when V8 chose to grow it.
      '--min-semi-space-size=16',
      '--max-semi-space-size=16',
      '--allow-natives-syntax',
      '--expose-gc',
      '--import',
      'tsx',
      '--input-type=module',
      '-e',
      script,
    ],
    { encoding: 'utf8' },
  );
  return (JSON.parse(stdout.trim()) as { young: boolean }).young;
}

describe('the server process garbage-collector setting', () => {
  it('keeps short-lived objects young where V8 would otherwise allocate them old', async () => {
    // Without the setting this V8 does move the place to the old generation: the check below can fail.
    expect(await newObjectIsYoung(false)).toBe(false);
    expect(await newObjectIsYoung(true)).toBe(true);
  });
});
