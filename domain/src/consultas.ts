import { z } from 'zod';

// Query parameters every staff list shares, here and not with the review's schemas so that a page
// that needs only these (the gate's) does not load the review's (decision 134's gate first load).

/** Calendar date YYYY-MM-DD that really exists (2026-02-30 is refused). */
export const staffFecha = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Use el formato AAAA-MM-DD.')
  .refine((v) => {
    const d = new Date(`${v}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
  }, 'La fecha no existe.');

/** Positive id in a query string. */
export const staffQueryId = z
  .string()
  .trim()
  .regex(/^\d{1,10}$/, 'Debe ser un número.')
  .transform(Number)
  .pipe(z.number().int().positive().max(2_147_483_647));
