import { describe, expect, it } from 'vitest';
import {
  MSG,
  registroPorteria,
  registrosBody,
  rosterFirmado,
  type RegistrosRespuesta,
  type RosterContenido,
  type RosterTrabajador,
} from '@proveedores/domain';
import {
  decidirPorCodigo,
  decidirPorDocumento,
  motivoValido,
  nuevoRegistro,
  rosterVigente,
  sincronizar,
  verificarRoster,
  type ClavePublica,
  type ColaStore,
  type RegistroCola,
} from './gate-logic';

function b64url(bytes: ArrayBuffer | Uint8Array): string {
  const u = bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes);
  let s = '';
  for (const b of u) s += String.fromCharCode(b);
  return btoa(s).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

async function keyPair(kid: string) {
  const k = (await crypto.subtle.generateKey({ name: 'Ed25519' }, true, ['sign', 'verify'])) as CryptoKeyPair;
  const clave: ClavePublica = { kid, x: b64url(await crypto.subtle.exportKey('raw', k.publicKey)) };
  const firmar = async (contenido: string) =>
    rosterFirmado.parse({
      contenido,
      kid,
      firma: b64url(
        await crypto.subtle.sign({ name: 'Ed25519' }, k.privateKey, new TextEncoder().encode(contenido)),
      ),
    });
  return { clave, firmar };
}

const trabajador = (over: Partial<RosterTrabajador>): RosterTrabajador => ({
  empleadoId: 1,
  tipodocumento: 'CC',
  numerodocumento: '1001',
  nombre: 'ANA PÉREZ',
  nit: '900123456',
  razonSocial: 'OBRAS SAS',
  contratoid: 10,
  credenciales: [100],
  apto: true,
  motivos: [],
  vence: null,
  autorizacion: null,
  ...over,
});

const roster: RosterContenido = {
  proyectoId: 3,
  proyecto: 'TORRE NORTE',
  fecha: '2026-11-24',
  generadoAt: '2026-11-24T11:00:00.000Z',
  trabajadores: [
    trabajador({}),
    trabajador({
      empleadoId: 2,
      numerodocumento: '2002',
      nombre: 'LUIS GÓMEZ',
      credenciales: [200],
      apto: false,
      motivos: ['Seguridad social vencida'],
    }),
    // The same worker on a second contract of the project, apto there.
    trabajador({
      empleadoId: 2,
      numerodocumento: '2002',
      nombre: 'LUIS GÓMEZ',
      contratoid: 11,
      credenciales: [201],
    }),
  ],
  revocadas: [150],
};

describe('roster signature', () => {
  it('accepts the exact signed string and refuses one changed byte, another key or an unknown kid', async () => {
    const a = await keyPair('k1');
    const b = await keyPair('k2');
    const contenido = JSON.stringify(roster);
    const firmado = await a.firmar(contenido);
    expect(await verificarRoster(firmado, [b.clave, a.clave])).toEqual(roster);
    const changed = { ...firmado, contenido: contenido.replace('ANA', 'ANO') };
    expect(await verificarRoster(changed, [a.clave])).toBeNull();
    expect(await verificarRoster(firmado, [{ ...b.clave, kid: 'k1' }])).toBeNull();
    expect(await verificarRoster(firmado, [b.clave])).toBeNull();
    expect(await verificarRoster({ ...firmado, firma: 'garbage' }, [a.clave])).toBeNull();
  });

  it('refuses a signed content that is not a roster', async () => {
    const a = await keyPair('k1');
    expect(await verificarRoster(await a.firmar('{"proyectoId":"x"}'), [a.clave])).toBeNull();
  });
});

describe('offline decision', () => {
  it('by code: green for an apto worker, red with the reasons otherwise', () => {
    const ok = decidirPorCodigo(roster, { ok: true, credencialId: 100, proyectoId: 3 });
    expect(ok).toMatchObject({
      apto: true,
      motivos: [],
      credencialId: 100,
      trabajador: { nombre: 'ANA PÉREZ' },
    });
    const no = decidirPorCodigo(roster, { ok: true, credencialId: 200, proyectoId: 3 });
    expect(no).toMatchObject({ apto: false, motivos: ['Seguridad social vencida'] });
  });

  it('by code: invalid, other project, revoked, not on the roster', () => {
    expect(decidirPorCodigo(roster, { ok: false, motivo: MSG.gateInvalidCode }).motivos).toEqual([
      'Código no válido',
    ]);
    expect(decidirPorCodigo(roster, { ok: true, credencialId: 100, proyectoId: 4 }).motivos).toEqual([
      'No pertenece a este proyecto',
    ]);
    expect(decidirPorCodigo(roster, { ok: true, credencialId: 150, proyectoId: 3 })).toMatchObject({
      apto: false,
      motivos: ['Credencial revocada'],
    });
    expect(decidirPorCodigo(roster, { ok: true, credencialId: 999, proyectoId: 3 })).toMatchObject({
      apto: false,
      motivos: [MSG.gateNotInRoster],
    });
  });

  it('by document: apto when any of the worker contracts is; unknown is not of this project', () => {
    expect(decidirPorDocumento(roster, 'CC', ' 2002 ')).toMatchObject({
      apto: true,
      trabajador: { contratoid: 11 },
    });
    expect(decidirPorDocumento(roster, 'PPPT', '2002')).toMatchObject({
      apto: false,
      motivos: ['No pertenece a este proyecto'],
    });
  });
});

class MemoryQueue implements ColaStore {
  items: RegistroCola[] = [];
  listar = () => Promise.resolve([...this.items]);
  quitar = (ids: readonly string[]) => {
    this.items = this.items.filter((i) => !ids.includes(i.registro.clienteId));
    return Promise.resolve();
  };
}

const at = new Date('2026-11-24T12:00:00.000Z');
function queued(n: number) {
  const q = new MemoryQueue();
  for (let i = 0; i < n; i++)
    q.items.push(
      nuevoRegistro({
        proyectoid: 3,
        tipo: i % 2 ? 'salida' : 'entrada',
        at,
        verificacion: decidirPorDocumento(roster, 'CC', '1001'),
      }),
    );
  return q;
}

describe('queue sync', () => {
  it('records are valid contract payloads with a fresh clienteId each', () => {
    const q = queued(2);
    const [a, b] = q.items;
    expect(registroPorteria.parse(a!.registro)).toEqual(a!.registro);
    expect(a!.registro.clienteId).not.toBe(b!.registro.clienteId);
    expect(a).toMatchObject({
      nombre: 'ANA PÉREZ',
      registro: { tipodocumento: 'CC', numerodocumento: '1001' },
    });
  });

  it('removes what the server acknowledged, keeps the rest, and says the clock message', async () => {
    const q = queued(3);
    const sent: unknown[] = [];
    const result = await sincronizar(
      q,
      (body) => {
        sent.push(registrosBody.parse(body));
        const [first, second] = body.registros;
        const resp: RegistrosRespuesta = {
          registros: [
            { clienteId: first!.clienteId, id: 1, estado: 'creado', marcas: [] },
            { clienteId: second!.clienteId, id: 1, estado: 'repetido', marcas: ['reloj_desfasado'] },
          ],
          relojDesfaseMs: 600_000,
          mensaje: 'reloj',
        };
        return Promise.resolve(resp);
      },
      () => at,
    );
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ enviadoAt: at.toISOString() });
    expect(result).toEqual({ enviados: 2, pendientes: 1, mensaje: 'reloj', relojDesfaseMs: 600_000 });
    expect(q.items).toHaveLength(1);
  });

  it('a failed request leaves the queue as it was; a reply outside the contract is refused', async () => {
    const q = queued(2);
    await expect(
      sincronizar(
        q,
        () => Promise.reject(new Error('sin red')),
        () => at,
      ),
    ).rejects.toThrow('sin red');
    expect(q.items).toHaveLength(2);
    await expect(
      sincronizar(
        q,
        () => Promise.resolve({ ok: true }),
        () => at,
      ),
    ).rejects.toThrow();
    expect(q.items).toHaveLength(2);
  });

  it('sends at most 500 per request', async () => {
    const q = queued(1001);
    const sizes: number[] = [];
    const r = await sincronizar(
      q,
      (body) => {
        sizes.push(registrosBody.parse(body) && body.registros.length);
        return Promise.resolve({
          registros: body.registros.map((x, i) => ({
            clienteId: x.clienteId,
            id: i,
            estado: 'existente',
            marcas: [],
          })),
          relojDesfaseMs: null,
          mensaje: null,
        });
      },
      () => at,
    );
    expect(sizes).toEqual([500, 500, 1]);
    expect(r.pendientes).toBe(0);
    expect(q.items).toHaveLength(0);
  });
});

describe('override and roster lifetime (decision 160)', () => {
  const noApto = {
    apto: false,
    motivos: ['Inducción SST no cargada'],
    trabajador: null,
    credencialId: null,
  };

  it("keeps the guard's reason only on the entry of a person who is NO APTO", () => {
    const base = { proyectoid: 3, at, tipodocumento: 'CC', numerodocumento: '42' };
    const motivo = 'Ingresa acompañado por el residente';
    const entrada = nuevoRegistro({
      ...base,
      tipo: 'entrada',
      verificacion: noApto,
      motivoExcepcion: motivo,
    });
    expect(registroPorteria.parse(entrada.registro)).toMatchObject({ motivoExcepcion: motivo });
    const salida = nuevoRegistro({ ...base, tipo: 'salida', verificacion: noApto, motivoExcepcion: motivo });
    expect(salida.registro.motivoExcepcion).toBeUndefined();
    const apto = nuevoRegistro({
      ...base,
      tipo: 'entrada',
      verificacion: { ...noApto, apto: true, motivos: [] },
      motivoExcepcion: motivo,
      rosterGeneradoAt: '2026-11-24T11:00:00.000Z',
    });
    expect(apto.registro).toMatchObject({ rosterGeneradoAt: '2026-11-24T11:00:00.000Z' });
    expect(apto.registro.motivoExcepcion).toBeUndefined();
    expect([motivoValido('ok'), motivoValido('    casi    '), motivoValido('Visita técnica')]).toEqual([
      false,
      false,
      true,
    ]);
    expect(motivoValido('x'.repeat(301))).toBe(false);
  });

  it('a kept roster lives a day on the phone, whichever way its clock is off', () => {
    const r = { generadoAt: '2026-11-24T12:00:00.000Z' };
    expect(rosterVigente(r, new Date('2026-11-25T11:59:00.000Z'))).toBe(true);
    expect(rosterVigente(r, new Date('2026-11-25T12:01:00.000Z'))).toBe(false);
    expect(rosterVigente(r, new Date('2026-11-23T11:59:00.000Z'))).toBe(false);
  });
});
