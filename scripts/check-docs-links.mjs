#!/usr/bin/env node
// `docs links` of `npm test` (scripts/test-all.mjs): every relative Markdown link in README.md and
// docs/**/*.md must lead to a file or folder that exists, so that a page cannot keep pointing at
// code that moved. A link to a web address (http:, https:, mailto:, any scheme) or to an anchor of
// the same page is not checked; a link's #fragment is left out before its target is looked for.
// Links inside code (fenced blocks, `inline code`) are not links and are left out too.
// Exits 1 and lists each broken link (file:line: target) when there is one.
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

const files = markdownFiles();
const broken = files.flatMap(brokenLinks);
if (broken.length > 0) {
  console.error(`${broken.length} broken relative link${broken.length === 1 ? '' : 's'} in the docs:`);
  for (const line of broken) console.error(`  ${line}`);
  process.exit(1);
}
console.log(`docs links: every relative link of ${files.length} Markdown files leads to a file or folder`);
