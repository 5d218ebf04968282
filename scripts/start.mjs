#!/usr/bin/env node
// `npm start`: build the web app when needed, seed the demo account on an empty
// development database, then run the server (app and API on one origin).
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const webDir = path.join(root, 'apps', 'web');
const builtIndex = path.join(webDir, 'dist', 'index.html');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

/** Newest modification time under a path (files only), skipping build output and dependencies. */
function newestMtimeMs(target) {
  if (!fs.existsSync(target)) return 0;
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of fs.readdirSync(target)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    newest = Math.max(newest, newestMtimeMs(path.join(target, entry)));
  }
  return newest;
}

function webBuildIsStale() {
  if (!fs.existsSync(builtIndex)) return true;
  const builtAt = fs.statSync(builtIndex).mtimeMs;
  const sources = ['src', 'public', 'index.html', 'legacy.html', 'vite.config.ts', 'package.json'].map((p) =>
    path.join(webDir, p),
  );
  // The contract is part of the app's bundle too.
  sources.push(path.join(root, 'packages', 'contract', 'src'));
  return sources.some((p) => newestMtimeMs(p) > builtAt);
}

function run(command, args) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

if (webBuildIsStale()) {
  console.log('Building the web app (apps/web) …');
  run(npm, ['run', 'build', '-w', '@gatehouse/web']);
}

// The demo account: only outside production, only on an empty database (the script decides both).
run(process.execPath, ['--import', 'tsx', path.join(root, 'apps', 'server', 'src', 'cli', 'seed-demo.ts')]);

const server = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'apps', 'server', 'src', 'server.ts')], {
  cwd: root,
  stdio: 'inherit',
});
// Ctrl+C reaches the whole process group; SIGTERM from a supervisor is passed on for a graceful close.
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
