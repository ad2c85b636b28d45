/** The media query of the operating system's "reduce motion" setting (docs/decisions/088). */
export const REDUCED_MOTION_QUERY = '(prefers-reduced-motion: reduce)';

/** True when the user asked for reduced motion: scrolls jump instead of gliding. */
export function prefersReducedMotion(): boolean {
  return typeof matchMedia === 'function' && matchMedia(REDUCED_MOTION_QUERY).matches;
}
