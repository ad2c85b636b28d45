import type { PorteriaProyecto, RegistroPorteria, RosterFirmado, Verificacion } from '@proveedores/domain';
import { api } from '@/lib/api-client';
import { esquemas } from '../lib/esquemas';
import type { ClavePublica } from '../lib/gate-logic';

/**
 * The gate API (decision 123), every answer parsed with the domain's schemas. The schemas load apart
 * from the page (../lib/esquemas, docs/decisions/152): each request asks for them as it starts, so
 * the two travel together.
 */
async function conEsquemas<T>(
  pedido: Promise<unknown>,
  leer: (e: Awaited<ReturnType<typeof esquemas>>, body: unknown) => T,
): Promise<T> {
  const [e, body] = await Promise.all([esquemas(), pedido]);
  return leer(e, body);
}

export const porteriaApi = {
  proyectos: (): Promise<PorteriaProyecto[]> =>
    conEsquemas(api.get('api/porteria/proyectos'), (e, b) => e.porteriaProyecto.array().parse(b)),
  roster: (proyectoid: number, fecha: string): Promise<RosterFirmado> =>
    conEsquemas(api.get(`api/porteria/roster?proyectoid=${proyectoid}&fecha=${fecha}`), (e, b) =>
      e.rosterFirmado.parse(b),
    ),
  claves: (): Promise<ClavePublica[]> =>
    conEsquemas(api.get('api/porteria/claves'), (e, b) => e.clavesPublicas.parse(b).claves),
  verificar: (body: {
    proyectoid: number;
    codigo?: string;
    tipodocumento?: string;
    numerodocumento?: string;
  }): Promise<Verificacion> =>
    conEsquemas(api.post('api/porteria/verificar', body), (e, b) => e.verificacion.parse(b)),
  registros: (body: { registros: RegistroPorteria[]; enviadoAt: string }): Promise<unknown> =>
    api.post('api/porteria/registros', body),
};
