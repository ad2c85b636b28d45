/**
 * The gate's service worker (web/public/sw.js, decision 124): registered by the gate page only. The
 * files this page load fetched before the worker took control (the app's entry, the gate's lazy
 * chunks, the decoder) are handed to it to keep, so a reload without signal finds them.
 */
export async function registrarServiceWorker(): Promise<void> {
  if (!('serviceWorker' in navigator) || !window.isSecureContext) return;
  try {
    await navigator.serviceWorker.register(new URL('sw.js', document.baseURI), { scope: './' });
    const reg = await navigator.serviceWorker.ready;
    const origin = location.origin;
    const urls = performance
      .getEntriesByType('resource')
      .map((e) => e.name)
      .filter((u) => u.startsWith(origin) && !new URL(u).pathname.includes('/api/'));
    reg.active?.postMessage({ type: 'guardar', urls: [...new Set(urls)] });
  } catch {
    /* no worker (private mode, http): the page works online only */
  }
}
