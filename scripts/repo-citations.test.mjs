import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The repository stands on its own: comments and docs cite its own docs (docs/contract.md for what
 * the portal promises its users and clients, docs/decisions/ for why), never the sections of an
 * outside specification, an outside reliability list or issue numbers of a tracker nobody here can
 * read. Decision records are history and are not rewritten, so docs/decisions/ is left out.
 */

const ROOT = fileURLToPath(new URL('..', import.meta.url));

// Built from pieces so that this file does not match itself.
const CITATIONS = [
  ['[Ss]ections? ', '\\d+'],
  ['[Ii]ssues? #?', '\\d+'],
  ['RELIA', 'BILITY'],
  ['SPEC', '\\.md'],
].map(([a, b]) => new RegExp(`\\b${a}${b}`));

const TEXT_FILE = /\.(ts|tsx|mts|cts|js|mjs|cjs|md|sql|css|html|json|ya?ml|sh)$/;

/** Tracked files and new ones not yet added (ignored files such as node_modules and dist are not listed). */
function repositoryFiles() {
  const out = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    cwd: ROOT,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  return out
    .split('\0')
    .filter((f) => f && (TEXT_FILE.test(f) || f.startsWith('.ci/')))
    .filter((f) => !f.startsWith('docs/decisions/') && !f.split('/').includes('node_modules'));
}

/** 'path:line: text' for every line that cites an outside document or an issue number. */
export function outsideCitations(files = repositoryFiles()) {
  const hits = [];
  for (const file of files) {
    let text;
    try {
      text = readFileSync(`${ROOT}/${file}`, 'utf8');
    } catch {
      continue; // deleted in the working tree, not yet in the index
    }
    text.split('\n').forEach((line, i) => {
      if (CITATIONS.some((re) => re.test(line))) hits.push(`${file}:${i + 1}: ${line.trim().slice(0, 120)}`);
    });
  }
  return hits;
}

describe('citations', () => {
  it('comments and docs cite docs/contract.md and docs/decisions/, not an outside document or issue numbers', () => {
    expect(outsideCitations()).toEqual([]);
  });
});
