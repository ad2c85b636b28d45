// The user guide's source text (docs/guia-usuario/guia.md) read into chapters and blocks: the one
// reader both the generator (scripts/user-guide.mjs) and its test (scripts/user-guide.test.mjs) use
// (docs/decisions/169). The format is a small Markdown subset:
//   % Title / %% Subtitle       the title page
//   = Part name                 a part heading (groups the chapters after it)
//   # Chapter title             a numbered chapter
//   ## Section title            a numbered section of the chapter
//   paragraph lines             joined until a blank line
//   - item / 1. step            bullets and numbered steps
//   > Note                      a highlighted note
//   ![Caption](shot-id)         a screenshot taken by the generator under that id
// A label of the portal's screens is quoted «like this»: the test checks each exists in the sources.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const GUIDE_SOURCE = path.join(ROOT, 'docs/guia-usuario/guia.md');
export const GUIDE_PDF = path.join(ROOT, 'web/public/guia-usuario-proveedores.pdf');

/** @typedef {{type:'p'|'note'|'h2', text:string} | {type:'ul'|'ol', items:string[]} | {type:'img', caption:string, shot:string}} Block */
/** @typedef {{title:string, part:string, blocks:Block[]}} Chapter */

/** @returns {{title:string, subtitle:string, chapters:Chapter[]}} */
export function parseGuide(text = readFileSync(GUIDE_SOURCE, 'utf8')) {
  const guide = { title: '', subtitle: '', chapters: /** @type {Chapter[]} */ ([]) };
  let part = '';
  /** @type {Chapter | null} */
  let chapter = null;
  /** @type {string[]} */
  let para = [];
  /** @type {{type:'ul'|'ol', items:string[]} | null} */
  let list = null;
  const flush = () => {
    if (para.length && chapter) chapter.blocks.push({ type: 'p', text: para.join(' ') });
    para = [];
    list = null;
  };
  const push = (block) => {
    if (!chapter) throw new Error(`guia.md: text before the first chapter: ${JSON.stringify(block)}`);
    chapter.blocks.push(block);
  };
  for (const raw of text.split('\n')) {
    const line = raw.trimEnd();
    let m;
    if (line.trim() === '') flush();
    else if ((m = /^%% (.+)$/.exec(line))) guide.subtitle = m[1];
    else if ((m = /^% (.+)$/.exec(line))) guide.title = m[1];
    else if ((m = /^= (.+)$/.exec(line))) {
      flush();
      part = m[1];
    } else if ((m = /^# (.+)$/.exec(line))) {
      flush();
      chapter = { title: m[1], part, blocks: [] };
      guide.chapters.push(chapter);
    } else if ((m = /^## (.+)$/.exec(line))) {
      flush();
      push({ type: 'h2', text: m[1] });
    } else if ((m = /^!\[(.+)\]\(([a-z0-9-]+)\)$/.exec(line))) {
      flush();
      push({ type: 'img', caption: m[1], shot: m[2] });
    } else if ((m = /^> (.+)$/.exec(line))) {
      flush();
      push({ type: 'note', text: m[1] });
    } else if ((m = /^(-|\d+\.) (.+)$/.exec(line))) {
      const type = m[1] === '-' ? 'ul' : 'ol';
      if (para.length) flush();
      if (!list || list.type !== type) {
        list = { type, items: [] };
        push(list);
      }
      list.items.push(m[2]);
    } else if (list && /^ {2,}\S/.test(line)) {
      list.items[list.items.length - 1] += ` ${line.trim()}`;
    } else para.push(line.trim());
  }
  flush();
  return guide;
}

/** Every «label» the guide quotes, once each. */
export function quotedLabels(text = readFileSync(GUIDE_SOURCE, 'utf8')) {
  return [...new Set([...text.matchAll(/«([^»]+)»/g)].map((m) => m[1]))];
}

/** Chapter titles as printed: '3. Elegir o crear el contrato'. */
export function chapterHeading(chapter, index) {
  return `${index + 1}. ${chapter.title}`;
}
