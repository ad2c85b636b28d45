import type { OutputBundle, OutputChunk } from 'rollup';
import { describe, expect, it } from 'vitest';
import { filesAhead } from '../../scripts/vite-signed-in-prefetch';
import { PREFETCH_META, prefetchSignedIn } from './prefetch-signed-in';

/** The parts of a Rollup chunk that the list reads. */
function chunk(
  fileName: string,
  o: { modules?: string[]; imports?: string[]; css?: string[]; entry?: boolean },
) {
  return {
    type: 'chunk',
    fileName,
    isEntry: !!o.entry,
    moduleIds: o.modules ?? [],
    imports: o.imports ?? [],
    viteMetadata: { importedCss: new Set(o.css ?? []), importedAssets: new Set() },
  } as unknown as OutputChunk;
}

function bundleOf(...chunks: OutputChunk[]): OutputBundle {
  return Object.fromEntries(chunks.map((c) => [c.fileName, c]));
}

const ROOT = '/work/web';

describe('the files the sign-in screen fetches ahead (decision 153)', () => {
  const bundle = bundleOf(
    chunk('assets/index.js', {
      entry: true,
      modules: [`${ROOT}/index.html`],
      imports: ['assets/boot-dep.js'],
    }),
    chunk('assets/boot-dep.js', {}),
    chunk('assets/main.js', {
      modules: [`${ROOT}/src/main.tsx`, `${ROOT}/src/app/app.tsx`],
      imports: ['assets/react.js'],
      css: ['assets/main.css'],
    }),
    chunk('assets/react.js', { imports: ['assets/boot-dep.js'] }),
    chunk('assets/signed-in.js', {
      modules: [`${ROOT}/src/app/signed-in.tsx`],
      imports: ['assets/react.js', 'assets/query.js'],
      css: ['assets/signed-in.css', 'assets/main.css'],
    }),
    chunk('assets/query.js', { imports: ['assets/zod.js'] }),
    chunk('assets/zod.js', {}),
    chunk('assets/home-page.js', {
      modules: [`${ROOT}/src/features/reporte/pages/home-page.tsx`],
      imports: ['assets/query.js', 'assets/report.js'],
      css: ['assets/home-page.css'],
    }),
    chunk('assets/report.js', {}),
    chunk('assets/staff-page.js', { modules: [`${ROOT}/src/features/revision/pages/review-queue-page.tsx`] }),
  );

  it('lists the signed-in layout and the home with what they import, less what the sign-in screen loaded', () => {
    expect(filesAhead(bundle)).toEqual([
      'assets/home-page.css',
      'assets/home-page.js',
      'assets/query.js',
      'assets/report.js',
      'assets/signed-in.css',
      'assets/signed-in.js',
      'assets/zod.js',
    ]);
  });

  it('fails the build when a module it names is gone (a renamed page must not silently stop it)', () => {
    const { ['assets/home-page.js']: _gone, ...rest } = bundle;
    expect(() => filesAhead(rest)).toThrow(/home-page\.tsx/);
  });
});

describe('prefetchSignedIn', () => {
  it('adds one prefetch link per listed file, once, with the module scripts’ CORS mode', () => {
    const meta = document.createElement('meta');
    meta.name = PREFETCH_META;
    meta.content = 'assets/a.js assets/b.css';
    document.head.appendChild(meta);
    prefetchSignedIn();
    prefetchSignedIn();
    const links = [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="prefetch"]')];
    expect(links.map((l) => [l.getAttribute('href'), l.getAttribute('crossorigin')])).toEqual([
      ['assets/a.js', 'anonymous'],
      ['assets/b.css', null],
    ]);
  });
});
