import {
  clavesPublicas,
  porteriaProyecto,
  rosterFirmado,
  verificacion,
  type PorteriaProyecto,
  type RegistroPorteria,
  type RosterFirmado,
  type Verificacion,
} from '@proveedores/domain';
import { api } from '@/lib/api-client';
import type { ClavePublica } from '../lib/gate-logic';

/** The gate API (decision 123), every answer parsed with the domain's schemas. */

export const porteriaApi = {
  proyectos: async (): Promise<PorteriaProyecto[]> =>
    porteriaProyecto.array().parse(await api.get('api/porteria/proyectos')),
  roster: async (proyectoid: number, fecha: string): Promise<RosterFirmado> =>
    rosterFirmado.parse(await api.get(`api/porteria/roster?proyectoid=${proyectoid}&fecha=${fecha}`)),
  claves: async (): Promise<ClavePublica[]> =>
    clavesPublicas.parse(await api.get('api/porteria/claves')).claves,
  verificar: async (body: {
    proyectoid: number;
    codigo?: string;
    tipodocumento?: string;
    numerodocumento?: string;
  }): Promise<Verificacion> => verificacion.parse(await api.post('api/porteria/verificar', body)),
  registros: (body: { registros: RegistroPorteria[]; enviadoAt: string }): Promise<unknown> =>
    api.post('api/porteria/registros', body),
};
