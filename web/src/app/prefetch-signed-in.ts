/**
 * The sign-in screen fetches the signed-in layout's and the home's files into the HTTP cache once it
 * has nothing else to do (docs/decisions/153): the home after signing in then starts from the cache
 * instead of some 30 requests on a phone's link. The build writes the list into index.html
 * (web/scripts/vite-signed-in-prefetch.ts); the dev server writes none, and nothing is fetched.
 * `rel="prefetch"` only stores the files: nothing is evaluated until the home imports them.
 */
/** The meta element the build writes the list into. */
export const PREFETCH_META = 'proveedores-prefetch';

let done = false;

/** Adds one `<link rel="prefetch">` per listed file, once per page load. */
export function prefetchSignedIn(): void {
  if (done) return;
  done = true;
  const list = document.querySelector<HTMLMetaElement>(`meta[name="${PREFETCH_META}"]`)?.content.trim();
  if (!list) return;
  for (const href of list.split(/\s+/)) {
    const link = document.createElement('link');
    link.rel = 'prefetch';
    link.href = href;
    // As the app's own module scripts are requested, so the cached answer serves them.
    if (href.endsWith('.js')) link.crossOrigin = 'anonymous';
    document.head.appendChild(link);
  }
}

/** Safari has no requestIdleCallback. */
const idleSupported = () => typeof window.requestIdleCallback === 'function';

/**
 * Runs `task` when the page has loaded and the browser is idle (at most 2 s later), so the files do
 * not compete with the sign-in screen's own. Returns a function that cancels it.
 */
export function whenLoadedAndIdle(task: () => void): () => void {
  let cancelled = false;
  let idle: number | undefined;
  const run = () => {
    if (cancelled) return;
    idle = idleSupported()
      ? window.requestIdleCallback(task, { timeout: 2000 })
      : window.setTimeout(task, 200);
  };
  if (document.readyState === 'complete') run();
  else window.addEventListener('load', run, { once: true });
  return () => {
    cancelled = true;
    window.removeEventListener('load', run);
    if (idle === undefined) return;
    if (idleSupported()) window.cancelIdleCallback(idle);
    else window.clearTimeout(idle);
  };
}
