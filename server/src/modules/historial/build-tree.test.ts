import { describe, expect, it } from 'vitest';
import type { HistoryNode } from '@proveedores/domain';
import {
  buildHistoryTree,
  type ContratoIn,
  type EntregaIn,
  type RequisitoIn,
  type TreeInput,
} from './build-tree';

const contrato = (id: number, over: Partial<ContratoIn> = {}): ContratoIn => ({
  id,
  nombre: `Proyecto ${id} - Contrato ${id}`,
  fechaInicio: '2026-09-01',
  activo: true,
  alturas: false,
  espacios_confinados: false,
  flota: false,
  ...over,
});
const req = (id: number, over: Partial<RequisitoIn> = {}): RequisitoIn => ({
  id,
  nombre: `R${id}`,
  opcional: false,
  aplicaSi: null,
  activo: true,
  ...over,
});
let nextId = 100;
const entrega = (over: Partial<EntregaIn>): EntregaIn => ({
  id: nextId++,
  contratoId: null,
  requisitoId: 1,
  empleadoId: null,
  ano: null,
  mes: null,
  archivoId: 1,
  nombreArchivo: 'a.pdf',
  comentario: null,
  motivoRechazo: null,
  vigencia: null,
  codEstado: 0,
  fecha: '2026-11-01 08:00',
  cargadoPor: null,
  anexos: [],
  ...over,
  // The stored estado behind the code (9 expired is an approval).
  estado: over.estado ?? (over.codEstado === 9 ? 1 : (over.codEstado ?? 0)),
});
const base = (over: Partial<TreeInput>): TreeInput => ({
  type: 'sg-sst',
  contratos: [contrato(1)],
  requisitos: [],
  empleados: [],
  vinculos: [],
  entregas: [],
  current: { ano: 2026, mes: 11 },
  hoy: '2026-11-15',
  ...over,
});
const names = (nodes: HistoryNode[]) => nodes.map((n) => n.nombre);

describe('buildHistoryTree', () => {
  it('keeps retired or no-longer-applicable requirements that have submissions, hides them otherwise', () => {
    const nodes = buildHistoryTree(
      base({
        requisitos: [
          req(1),
          req(2, { activo: false }),
          req(3, { aplicaSi: 'alturas' }),
          req(4, { activo: false }),
          req(5, { aplicaSi: 'flota' }),
        ],
        entregas: [entrega({ requisitoId: 2 }), entrega({ requisitoId: 3 })],
      }),
    );
    expect(names(nodes)).toEqual(['R1', 'R2', 'R3']);
  });

  it('uses the company-wide activity flags of active contracts for sg-sst', () => {
    const input = base({
      contratos: [contrato(1), contrato(2, { alturas: true, activo: false }), contrato(3, { flota: true })],
      requisitos: [req(1, { aplicaSi: 'alturas' }), req(2, { aplicaSi: 'flota' })],
    });
    expect(names(buildHistoryTree(input))).toEqual(['R2']);
  });

  it('does not let an empty optional item colour its folder, but a rejection does', () => {
    const input = base({
      type: 'g-retenido',
      requisitos: [req(1), req(2, { opcional: true })],
      entregas: [entrega({ contratoId: 1, requisitoId: 1, codEstado: 1 })],
    });
    const [folder] = buildHistoryTree(input);
    expect(folder.estadoflujo).toBe(1);
    expect(folder.contenido.map((n) => n.estadoflujo)).toEqual([1, -2]);
    input.entregas.unshift(entrega({ contratoId: 1, requisitoId: 2, codEstado: -1 }));
    expect(buildHistoryTree(input)[0].estadoflujo).toBe(-1);
  });

  it('shows an inactive contract only when it has submissions, with their periods', () => {
    const input = base({
      type: 'g-riesgo',
      contratos: [contrato(1, { activo: false }), contrato(2, { activo: false })],
      requisitos: [req(1)],
      entregas: [entrega({ contratoId: 2, requisitoId: 1, ano: 2025, mes: 2 })],
    });
    const nodes = buildHistoryTree(input);
    expect(names(nodes)).toEqual(['Proyecto 2 - Contrato 2']);
    expect(names(nodes[0].contenido[0].contenido)).toEqual(['2025-02']);
  });

  it('lists every month of a live contract plus months outside it that have submissions, newest first', () => {
    const input = base({
      type: 'g-riesgo',
      requisitos: [req(1)],
      entregas: [entrega({ contratoId: 1, requisitoId: 1, ano: 2026, mes: 5 })],
      contratoId: 1,
    });
    expect(names(buildHistoryTree(input)[0].contenido)).toEqual(['2026-11', '2026-10', '2026-09', '2026-05']);
  });

  it('turns a comment-only submission into a Comentario leaf and a folder registro into its newest date', () => {
    const input = base({
      requisitos: [req(1)],
      entregas: [
        entrega({
          requisitoId: 1,
          archivoId: null,
          nombreArchivo: null,
          comentario: 'no aplica',
          fecha: '2026-11-02 09:30',
          cargadoPor: 'ANA',
        }),
        entrega({ requisitoId: 1, fecha: '2026-10-02 09:30' }),
      ],
    });
    const [folder] = buildHistoryTree(input);
    expect(folder.registro).toBe('2026-11-02 09:30');
    expect(folder.contenido[0]).toMatchObject({
      nombre: 'Comentario',
      comentario: 'no aplica',
      urllink: '',
      registro: '2026-11-02 09:30 - ANA',
    });
  });
});
