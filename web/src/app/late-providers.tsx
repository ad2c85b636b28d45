import { Toast } from 'primereact/toast';
import { registerToast } from '@/lib/toast';
import { useReducedMotionForPrime } from './reduced-motion';

/**
 * What the providers add once the first screen is up (decision 073, login route budget): the one
 * Toast (decision 014) and PrimeReact's reduced-motion settings (decision 088; until they arrive the
 * CSS media query already keeps every transition at 0 s).
 */
export function LateProviders() {
  useReducedMotionForPrime();
  return <Toast ref={registerToast} position="top-right" />;
}
