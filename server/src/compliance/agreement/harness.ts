import fc from 'fast-check';
import { beforeAll, describe, it } from 'vitest';
import { hoyEnColombia } from '@proveedores/domain';
import { manualClock } from '../../lib/clock';
import { authHeaders, createTestApp, REVIEWER } from '../../test/app';
import { oraculo } from './oracle';
import { CHEQUEOS, VISTAS, type Contexto, type Vista } from './views';
import {
  casoArb,
  escribirCaso,
  loadCatalogo,
  retirarEmpresa,
  tokenContratista,
  type Catalogo,
  type CasoSpec,
} from './world';

/**
 * Cases per run of the whole property (1,000; the seed is not fixed: fast-check prints it when a case
 * fails), shared by the files that run it (two halves, so that two test workers run them at once).
 * AGREEMENT_RUNS lowers it for a quick local check on a busy machine, never in CI.
 */
export const RUNS = Number(process.env.AGREEMENT_RUNS ?? 1000);

/** One agreement file's app on its own clock and database, with the helpers its cases use. */
export async function useAgreement() {
  const clock = manualClock('2026-11-24T12:00:00Z');
  const app = await createTestApp({ clock });
  const h = { app, clock, cat: undefined as unknown as Catalogo, revisor: {} as Record<string, string> };

  beforeAll(async () => {
    await app.ready();
    h.cat = await loadCatalogo(app);
    // One staff login for the whole file; contractors get a session written directly (world.ts).
    h.revisor = await authHeaders(app, REVIEWER);
  });

  /** Writes the case at its clock, runs `fn` on it, then disables the company (staff views stay small). */
  async function conCaso(spec: CasoSpec, fn: (ctx: Contexto) => Promise<void>) {
    clock.set(spec.ahora);
    const mundo = await escribirCaso(app, h.cat, spec);
    try {
      await fn({
        app,
        cat: h.cat,
        mundo,
        o: oraculo(h.cat, mundo, app.config.expiryWarningDays),
        contratista: await tokenContratista(app, mundo),
        revisor: h.revisor,
      });
    } finally {
      await retirarEmpresa(app, mundo.empresaId);
    }
  }

  async function todasLasVistas(ctx: Contexto, vistas: readonly Vista[] = VISTAS) {
    for (const v of vistas) await CHEQUEOS[v](ctx);
  }

  /** The same world seen at another instant: clock and oracle move, the data stays. */
  function aLas(ctx: Contexto, ahora: Date): Contexto {
    clock.set(ahora);
    const mundo = { ...ctx.mundo, ahora, hoy: hoyEnColombia(ahora) };
    return { ...ctx, mundo, o: oraculo(h.cat, mundo, app.config.expiryWarningDays) };
  }

  /** `runs` random cases through every view. */
  function propiedad(runs: number, nombre: string) {
    describe('agreement of the compliance views (property)', () => {
      it(
        nombre,
        async () => {
          const started = Date.now();
          await fc.assert(
            fc.asyncProperty(casoArb, (spec) => conCaso(spec, (ctx) => todasLasVistas(ctx))),
            { numRuns: runs },
          );
          // The run's cost, measured on every run (docs/decisions/118 records the numbers seen).
          console.log(`agreement: ${runs} cases in ${((Date.now() - started) / 1000).toFixed(1)} s`);
        },
        900_000,
      );
    });
  }

  return { h, app, clock, conCaso, todasLasVistas, aLas, propiedad };
}
