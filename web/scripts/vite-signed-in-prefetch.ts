import type { OutputBundle, OutputChunk } from 'rollup';
import type { Plugin } from 'vite';
import { PREFETCH_META } from '../src/app/prefetch-signed-in';

/**
 * The modules whose files the sign-in screen asks for ahead (docs/decisions/153): the signed-in
 * layout and the page every contractor lands on after signing in.
 */
const AHEAD = ['/src/app/signed-in.tsx', '/src/features/reporte/pages/home-page.tsx'];
/** The whole-app module: the sign-in screen has loaded it already, with the entry (index.html's). */
const LOADED = ['/src/main.tsx'];

/** The chunk that holds a module (a dynamic entry's chunk has no facade when others share it). */
const chunkOf = (bundle: OutputBundle, suffix: string): OutputChunk | undefined =>
  Object.values(bundle).find(
    (f): f is OutputChunk =>
      f.type === 'chunk' && f.moduleIds.some((id) => id.replaceAll('\\', '/').endsWith(suffix)),
  );

/** A chunk's file with every file it imports statically, and their stylesheets. */
function closure(bundle: OutputBundle, start: OutputChunk): Set<string> {
  const files = new Set<string>();
  const visit = (chunk: OutputChunk) => {
    if (files.has(chunk.fileName)) return;
    files.add(chunk.fileName);
    for (const css of chunk.viteMetadata?.importedCss ?? []) files.add(css);
    for (const name of chunk.imports) {
      const next = bundle[name];
      if (next?.type === 'chunk') visit(next);
    }
  };
  visit(start);
  return files;
}

/**
 * The files the sign-in screen fetches into the HTTP cache once it is idle, so the home after
 * signing in does not wait for them: the closure of `AHEAD` less what the sign-in screen has loaded.
 * Exported for its test.
 */
export function filesAhead(bundle: OutputBundle): string[] {
  const loaded = new Set<string>();
  const entries = Object.values(bundle).filter((f): f is OutputChunk => f.type === 'chunk' && f.isEntry);
  if (entries.length === 0) throw new Error('signed-in prefetch: no entry chunk');
  for (const entry of entries) for (const f of closure(bundle, entry)) loaded.add(f);
  for (const suffix of LOADED) {
    const chunk = chunkOf(bundle, suffix);
    if (!chunk) throw new Error(`signed-in prefetch: no chunk for ${suffix}`);
    for (const f of closure(bundle, chunk)) loaded.add(f);
  }
  const ahead = new Set<string>();
  for (const suffix of AHEAD) {
    const chunk = chunkOf(bundle, suffix);
    if (!chunk) throw new Error(`signed-in prefetch: no chunk for ${suffix}`);
    for (const f of closure(bundle, chunk)) if (!loaded.has(f)) ahead.add(f);
  }
  return [...ahead].sort();
}

/**
 * Writes the list into index.html as a meta element (a list, not `<link rel="prefetch">`: the gate's
 * phone and a signed-in page must not download them; only the sign-in screen asks, decision 153).
 */
export function signedInPrefetch(): Plugin {
  return {
    name: 'proveedores-signed-in-prefetch',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        if (!ctx.bundle) return [];
        return [
          {
            tag: 'meta',
            attrs: { name: PREFETCH_META, content: filesAhead(ctx.bundle).join(' ') },
            injectTo: 'head',
          },
        ];
      },
    },
  };
}
