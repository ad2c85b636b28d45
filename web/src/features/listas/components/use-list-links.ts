import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router';
import { isSafeUrl } from '@/lib/download';

/** Marker of links that open inside the embedded frame modal (docs/contract.md, States and transitions). */
export const MODAL_MARKER = 'modal_';
/** Links that need a full page load (docs/contract.md, States and transitions). */
export const FULL_LOAD_MARKER = '/0/diligenciar';

export type FrameState = { src: string; title: string } | null;

/** Replaces {evento} with the row's evento (context-menu links). */
export function withEvento(url: string, evento: string | undefined): string {
  return url.replace(/\{evento\}/g, encodeURIComponent(evento ?? ''));
}

/**
 * Opens a link of a list (extra buttons, link cells, context menu). The contract: a link containing
 * 'modal_' opens in the frame modal; one containing '/0/diligenciar' is a full page load; anything
 * else navigates inside the portal with the parameters of its query string ('#/ruta?x=1'), or opens
 * another site in a new tab. javascript: and other non-web links are ignored.
 */
export function useListLinks() {
  const navigate = useNavigate();
  const [frame, setFrame] = useState<FrameState>(null);

  const open = useCallback(
    (url: string, title = '') => {
      const link = url.trim();
      if (!link || !isSafeUrl(link)) return;
      const target = new URL(link, window.location.href);
      if (link.includes(MODAL_MARKER)) {
        setFrame({ src: target.toString(), title });
        return;
      }
      if (link.includes(FULL_LOAD_MARKER)) {
        const here = window.location;
        const samePage =
          target.origin === here.origin && target.pathname === here.pathname && target.search === here.search;
        window.location.assign(target.toString());
        // Only the hash changed: the browser would not load the page again by itself.
        if (samePage) window.location.reload();
        return;
      }
      if (link.startsWith('#')) {
        void navigate(link.slice(1) || '/');
        return;
      }
      if (target.origin !== window.location.origin) {
        window.open(target.toString(), '_blank', 'noopener');
        return;
      }
      window.location.assign(target.toString());
    },
    [navigate],
  );

  return { open, frame, closeFrame: () => setFrame(null) };
}
