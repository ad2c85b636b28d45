import type { DropdownPassThroughOptions } from 'primereact/dropdown';

/**
 * PrimeReact's Dropdown renders a hidden native <select> copy for forms; it has no name of its own
 * and axe flags it (select-name). It is not for assistive technology: the combobox input is. Only
 * the <select> is hidden: 'hiddenSelectedMessage' also wraps the focusable combobox input, and
 * hiding that one is an aria-hidden-focus violation.
 */
export const HIDE_NATIVE_SELECT: DropdownPassThroughOptions = {
  select: { 'aria-hidden': true },
};
