import { readFileSync } from 'node:fs';
import path from 'node:path';
import semver from 'semver';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../config/config.ts';

interface LockEntry {
  version?: string;
  engines?: { node?: string } | string[];
}

const manifest = JSON.parse(readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as {
  engines: { node: string };
};
const lock = JSON.parse(readFileSync(path.join(REPO_ROOT, 'package-lock.json'), 'utf8')) as {
  packages: Record<string, LockEntry>;
};

/** The oldest Node the project says it runs on (engines.node of the root package.json). */
const oldestNode = semver.minVersion(manifest.engines.node);

// What npm ci installs must run on the Node the project declares: an installed package that asks
// for a newer one is what makes an operator's install print EBADENGINE warnings
// (docs/decisions/0012-clean-install-on-node-20.md).
describe('the install', () => {
  it('declares a Node version the test can read', () => {
    expect(oldestNode).not.toBeNull();
  });

  it('has no installed package that wants a newer Node than the project declares', () => {
    const refusing = Object.entries(lock.packages)
      .filter(([name]) => name.includes('node_modules/'))
      .flatMap(([name, entry]) => {
        const wanted = Array.isArray(entry.engines) ? undefined : entry.engines?.node;
        if (!wanted || !oldestNode) return [];
        return semver.satisfies(oldestNode, wanted) ? [] : [`${name}@${entry.version ?? '?'} wants node ${wanted}`];
      });
    expect(refusing).toEqual([]);
  });
});
