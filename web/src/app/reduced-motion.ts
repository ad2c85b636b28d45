import { useContext, useEffect } from 'react';
import { PrimeReactContext, type PrimeReactPTOptions } from 'primereact/api';
import { REDUCED_MOTION_QUERY } from '@/lib/motion';

const AT_ONCE = { transition: { timeout: 0 } };

/**
 * PrimeReact pass-through options for reduced motion: every component of ours that runs a
 * transition ends it at once (timeout 0) instead of holding its enter or exit state for 120-300 ms.
 * Not PrimeReact's global `cssTransition: false`: on that path an overlay's onEntered runs before its
 * listeners know it is shown, so a dropdown panel never closes on a click outside (decision 088).
 */
export const REDUCED_MOTION_PT: PrimeReactPTOptions = {
  autocomplete: AT_ONCE,
  contextmenu: AT_ONCE,
  dialog: AT_ONCE,
  dropdown: AT_ONCE,
  multiselect: AT_ONCE,
  password: AT_ONCE,
  toast: AT_ONCE,
};

/**
 * Keeps PrimeReact's transitions in step with the user's reduced-motion setting, also when it
 * changes while the app is open (decision 088); the CSS side is the media query in styles.css.
 * `<html data-motion="reduced|full">` tells which one the components follow now.
 */
export function useReducedMotionForPrime(): void {
  const setPt = useContext(PrimeReactContext)?.setPt;
  useEffect(() => {
    if (!setPt || typeof matchMedia !== 'function') return;
    const query = matchMedia(REDUCED_MOTION_QUERY);
    const apply = () => {
      setPt(query.matches ? REDUCED_MOTION_PT : {});
      document.documentElement.dataset.motion = query.matches ? 'reduced' : 'full';
    };
    apply();
    query.addEventListener('change', apply);
    return () => query.removeEventListener('change', apply);
  }, [setPt]);
}
