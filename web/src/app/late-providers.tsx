import { Toast } from 'primereact/toast';
import { forgetToast, registerToast } from '@/lib/toast';
import { useReducedMotionForPrime } from './reduced-motion';

/**
 * What the providers add once the first screen is up (decision 073, login route budget): the one
 * Toast (decision 014), PrimeReact's reduced-motion settings (decision 088; until they arrive the
 * CSS media query already keeps every transition at 0 s). Esc on an open list is handled from the
 * first screen on (providers.tsx, decision 102).
 *
 * The Toast sits at the bottom (bottom-right; across the bottom on phones, styles.css), where it
 * hides neither the header's 'Cerrar Sesión' nor a page's 'Ir al Inicio' (decision 102); each
 * message has its close button; at most the newest three show (lib/toast.ts).
 */
export function LateProviders() {
  useReducedMotionForPrime();
  return <Toast ref={registerToast} position="bottom-right" onRemove={forgetToast} />;
}
