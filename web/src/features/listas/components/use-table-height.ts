import { useLayoutEffect, useState, type RefObject } from 'react';

/** Below this the table would be unusable on short screens (phones), whatever the formula says. */
const MIN_HEIGHT = 260;
const RESERVED = 300;

/**
 * The contract's table height: the table's scroll height is the window height minus the table's top minus 300
 * px (kept at MIN_HEIGHT at least). Measured when the table appears and on every resize.
 */
export function useTableHeight(ref: RefObject<HTMLElement | null>, ready: boolean): number {
  const [height, setHeight] = useState(MIN_HEIGHT);
  useLayoutEffect(() => {
    if (!ready) return;
    const measure = () => {
      const el = ref.current;
      if (!el) return;
      const top = el.getBoundingClientRect().top + window.scrollY;
      setHeight(Math.max(MIN_HEIGHT, Math.round(window.innerHeight - top - RESERVED)));
    };
    measure();
    window.addEventListener('resize', measure);
    return () => window.removeEventListener('resize', measure);
  }, [ref, ready]);
  return height;
}
