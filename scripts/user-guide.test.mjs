// Guards the user guide (docs/decisions/169): the committed PDF is the one the source describes
// (every chapter title printed, small enough to download), every label the source quotes «like
// this» still exists in the portal's strings (domain/src, web/src, the server's menu), and every
// screenshot the source names is one the capture takes. A renamed button makes this fail: change
// docs/guia-usuario/guia.md and run `npm run guide`.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { GUIDE_PDF, chapterHeading, parseGuide, quotedLabels, ROOT } from './user-guide-source.mjs';

const guide = parseGuide();

/** Source files whose string literals are the portal's user-facing texts. */
function sources(dir) {
  const out = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...sources(p));
    else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) out.push(p);
  }
  return out;
}

/** The string literals of the sources: plain ones, and templates as a pattern where ${...} is any text. */
function literals() {
  const files = [
    ...sources(path.join(ROOT, 'domain/src')),
    ...sources(path.join(ROOT, 'web/src')),
    path.join(ROOT, 'server/src/modules/menu/list-menu-options.ts'),
  ];
  const plain = [];
  const templates = [];
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(/'((?:[^'\\\n]|\\.)*)'|"((?:[^"\\\n]|\\.)*)"|`((?:[^`\\]|\\.)*)`/g)) {
      if (m[3] === undefined) plain.push((m[1] ?? m[2]).replace(/\\(.)/g, '$1'));
      else {
        const parts = m[3].split(/\$\{[^}]*\}/);
        plain.push(...parts);
        // A template stands for a label only by its own words: '${a} ${b}' would match anything.
        const fixed = parts.join('').length;
        if (parts.length > 1 && /\p{L}{3}/u.test(parts.join(''))) {
          const escaped = parts.map((s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
          templates.push({ pattern: new RegExp(`^${escaped.join('.+')}$`), fixed });
        }
      }
    }
  }
  return { plain, templates };
}

async function pdfText(file) {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const doc = await pdfjs.getDocument({
    data: new Uint8Array(readFileSync(file)),
    isEvalSupported: false,
    standardFontDataUrl: path.join(ROOT, 'node_modules/pdfjs-dist/standard_fonts/'),
  }).promise;
  const pages = [];
  for (let i = 1; i <= doc.numPages; i++) {
    const content = await (await doc.getPage(i)).getTextContent();
    pages.push(content.items.map((it) => ('str' in it ? it.str : '')).join('\n'));
  }
  await doc.destroy();
  return { pages, text: pages.join('\n') };
}

describe('the user guide', () => {
  it('has chapters, each with text, and names only screenshots the capture takes', () => {
    expect(guide.title).not.toBe('');
    expect(guide.chapters.length).toBeGreaterThan(10);
    for (const c of guide.chapters) expect(c.blocks.length, c.title).toBeGreaterThan(0);
    const capture = readFileSync(path.join(ROOT, 'scripts/user-guide-capture.mjs'), 'utf8');
    const taken = new Set([...capture.matchAll(/shot\('([a-z0-9-]+)'/g)].map((m) => m[1]));
    const named = guide.chapters.flatMap((c) => c.blocks.filter((b) => b.type === 'img').map((b) => b.shot));
    expect(named.filter((id) => !taken.has(id))).toEqual([]);
    expect([...taken].filter((id) => !named.includes(id))).toEqual([]);
  });

  it('quotes only labels that exist in the portal', () => {
    const { plain, templates } = literals();
    const labels = quotedLabels();
    expect(labels.length).toBeGreaterThan(50);
    // In a label, a short stand-in ('N', '...') takes the place of a template's value.
    const byTemplate = (l) => templates.some((t) => l.length - t.fixed <= 12 && t.pattern.test(l));
    const missing = labels.filter((l) => !plain.some((s) => s.includes(l)) && !byTemplate(l));
    expect(missing).toEqual([]);
  });

  it('the committed PDF prints every chapter of the source, under 3 MB', async () => {
    expect(statSync(GUIDE_PDF).size).toBeLessThan(3 * 1024 * 1024);
    const { pages, text } = await pdfText(GUIDE_PDF);
    const flat = text.replace(/\s+/g, ' ');
    for (const [i, c] of guide.chapters.entries()) expect(flat).toContain(chapterHeading(c, i));
    expect(flat).toContain(guide.title);
    expect(pages.at(-1)).toContain(`Página ${pages.length} de ${pages.length}`);
  });
});
