#!/usr/bin/env node
// `docs links` of `npm test` (scripts/test-all.mjs): every relative Markdown link in README.md and
// docs/**/*.md must lead to a file or folder that exists, so that a page cannot keep pointing at
// code that moved. A link to a web address (http:, https:, mailto:, any scheme) or to an anchor of
// the same page is not checked; a link's #fragment is left out before its target is looked for.
// Links inside code (fenced blocks, `inline code`) are not links and are left out too.
// The code's comments point readers at docs/ too ("docs/decisions/0010-focus-and-announcements.md",
// "docs/decisions/0010"): each such path in a file git tracks under apps/, packages/, e2e/,
// scripts/, tools/, bench/ and deploy/ must name a page that exists (a bare decision number: a
// decision record with that number).
// Exits 1 and lists each broken link (file:line: target) when there is one.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** README.md and every Markdown file under docs/, as paths relative to the root. */
function markdownFiles() {
  const found = ['README.md'];
  const walk = (dir) => {
    for (const entry of readdirSync(path.join(root, dir), { withFileTypes: true })) {
      const relative = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(relative);
      else if (entry.name.endsWith('.md')) found.push(relative);
    }
  };
  walk('docs');
  return found.sort();
}

/** The text with its code (fenced blocks, inline code spans) blanked out, line breaks kept. */
function withoutCode(text) {
  const blank = (code) => code.replace(/[^\n]/g, ' ');
  return text
    .replace(/^( {0,3})(`{3,}|~{3,})[^\n]*\n[\s\S]*?(?:^ {0,3}\2[^\n]*$|(?![\s\S]))/gm, blank)
    .replace(/(`+)(?!`)[\s\S]*?[^`]\1(?!`)/g, (span, ticks) => ticks + blank(span.slice(ticks.length)));
}

/** Every inline link or image `[text](target "title")` and reference definition `[label]: target`. */
const LINK =
  /\]\(\s*(<[^>\n]*>|[^)\s]+)(?:\s+(?:"[^"]*"|'[^']*'|\([^)]*\)))?\s*\)|^ {0,3}\[[^\]\n]+\]:\s*(<[^>\n]*>|\S+)/gm;
const EXTERNAL = /^[a-z][a-z0-9+.-]*:/i;

/** The broken relative links of one Markdown file, as `file:line: target`. */
function brokenLinks(file) {
  const text = withoutCode(readFileSync(path.join(root, file), 'utf8'));
  const broken = [];
  for (const match of text.matchAll(LINK)) {
    const raw = (match[1] ?? match[2]).replace(/^<|>$/g, '');
    if (EXTERNAL.test(raw)) continue;
    const target = raw.replace(/[?#].*$/, '');
    if (target === '') continue; // an anchor of the same page
    let decoded;
    try {
      decoded = decodeURIComponent(target);
    } catch {
      decoded = target;
    }
    const resolved = decoded.startsWith('/')
      ? path.join(root, decoded)
      : path.resolve(root, path.dirname(file), decoded);
    if (!existsSync(resolved)) {
      const line = text.slice(0, match.index).split('\n').length;
      broken.push(`${file}:${line}: ${raw}`);
    }
  }
  return broken;
}

const CODE_FOLDERS = ['apps', 'packages', 'e2e', 'scripts', 'tools', 'bench', 'deploy'];
const CODE_FILE = /\.(?:[cm]?[jt]sx?|css|sh|ya?ml|sql|html)$/;
/** A page of docs/ named in code: a path ending in .md, or a decision by its number alone. */
const DOCS_PATH = /docs\/[A-Za-z0-9_./-]*?\.md\b|docs\/decisions\/\d{4}(?![-\d])/g;
const DECISIONS = readdirSync(path.join(root, 'docs', 'decisions'));

/** The paths of docs/ that the code names and that lead nowhere, as `file:line: path`. */
function brokenCodeReferences() {
  const tracked = execFileSync('git', ['ls-files', '--', ...CODE_FOLDERS], { cwd: root, encoding: 'utf8' })
    .split('\n')
    .filter((file) => CODE_FILE.test(file) && !file.includes('/results/'));
  const broken = [];
  for (const file of tracked) {
    if (!existsSync(path.join(root, file))) continue;
    const lines = readFileSync(path.join(root, file), 'utf8').split('\n');
    lines.forEach((line, index) => {
      for (const [reference] of line.matchAll(DOCS_PATH)) {
        const number = /^docs\/decisions\/(\d{4})$/.exec(reference)?.[1];
        const exists = number
          ? DECISIONS.some((name) => name.startsWith(`${number}-`))
          : existsSync(path.join(root, reference));
        if (!exists) broken.push(`${file}:${index + 1}: ${reference}`);
      }
    });
  }
  return { broken, files: tracked.length };
}

const files = markdownFiles();
const code = brokenCodeReferences();
const broken = [...files.flatMap(brokenLinks), ...code.broken];
if (broken.length > 0) {
  console.error(`${broken.length} broken relative link${broken.length === 1 ? '' : 's'} to or in the docs:`);
  for (const line of broken) console.error(`  ${line}`);
  process.exit(1);
}
console.log(
  `docs links: every relative link of ${files.length} Markdown files, and every docs/ page named in ${code.files} code files, leads to a file or folder`,
);
