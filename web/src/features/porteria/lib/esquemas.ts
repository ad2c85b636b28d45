import type * as Dominio from './esquemas-dominio';

/**
 * The domain's zod contracts the gate parses its answers with, and the credential's signature check,
 * loaded apart from the page (docs/decisions/152). The domain's gate module brings the staff review
 * schemas it shares, and with them most of the domain's schemas: evaluated with the page, they made
 * the longest task of the gate's first load before anything was painted. Asked for by the first
 * request (the projects, at the page's first render), so they arrive with its answer; the service
 * worker keeps them like the page's other files (decision 124).
 */
let cargando: Promise<typeof Dominio> | null = null;

export const esquemas = (): Promise<typeof Dominio> => (cargando ??= import('./esquemas-dominio'));
