import { sql, type SQL } from 'drizzle-orm';
import {
  fechaIso,
  finDiaColombia,
  hoyEnColombia,
  inicioDiaColombia,
  mesSiguiente,
  type HorasHombreFila,
} from '@proveedores/domain';
import { query, type Db } from '../../db/client';

/**
 * Man-hours per contractor (NIT), project and month from the gate records (docs/decisions/123), for
 * the accident frequency and severity indicators of Resolución 0312 de 2019 art. 30.
 *
 * Per worker and Colombian day: the day is the Colombian day of the worker's first entry (a night
 * shift that ends after midnight belongs to the day it began); hours run from that first entry to
 * the last exit before the worker's next day's first entry, within 24 h. A day with an entry and no
 * such exit counts `turnoHoras` and is counted in `diasSinSalida`. Records whose worker is unknown
 * do not count; exits without an entry that day add nothing.
 */
export type Marca = { empleadoId: number; tipo: string; at: Date };

export type DiaTrabajado = { empleadoId: number; dia: string; horas: number; sinSalida: boolean };

const DIA_MS = 86_400_000;

/** The pure rule: the records of ONE worker at ONE project, any order. */
export function diasTrabajados(marcas: Marca[], turnoHoras: number): DiaTrabajado[] {
  const sorted = [...marcas].sort((a, b) => a.at.getTime() - b.at.getTime());
  const primeras: Array<{ dia: string; at: Date }> = [];
  for (const m of sorted) {
    if (m.tipo !== 'entrada') continue;
    const dia = hoyEnColombia(m.at);
    if (primeras.at(-1)?.dia !== dia) primeras.push({ dia, at: m.at });
  }
  return primeras.map((p, i) => {
    const hasta = Math.min(p.at.getTime() + DIA_MS, primeras[i + 1]?.at.getTime() ?? Infinity);
    let ultima: number | null = null;
    for (const m of sorted) {
      const t = m.at.getTime();
      if (m.tipo === 'salida' && t > p.at.getTime() && t < hasta) ultima = t;
    }
    const empleadoId = sorted[0].empleadoId;
    return ultima === null
      ? { empleadoId, dia: p.dia, horas: turnoHoras, sinSalida: true }
      : { empleadoId, dia: p.dia, horas: (ultima - p.at.getTime()) / 3_600_000, sinSalida: false };
  });
}

type Fila = {
  empleado_id: number;
  tipo: string;
  at: Date | string;
  empresa_id: number;
  nit: string;
  razon_social: string;
  proyecto_id: number;
  proyecto: string;
};

/**
 * The rows of one month, for a project (or every project) and optionally one company. Reads the
 * month's records plus one day after it (the exit of the month's last night shift).
 */
export async function horasHombre(
  db: Db,
  opts: { ano: number; mes: number; proyectoId?: number; empresaId?: number; turnoHoras: number },
): Promise<HorasHombreFila[]> {
  const primero = fechaIso(opts.ano, opts.mes, 1);
  const desde = inicioDiaColombia(primero);
  const siguiente = mesSiguiente(opts);
  const hasta = finDiaColombia(fechaIso(siguiente.ano, siguiente.mes, 1));
  const where: SQL[] = [
    sql`r.empleado_id IS NOT NULL`,
    sql`r.at >= ${desde.toISOString()}::timestamptz`,
    sql`r.at < ${hasta.toISOString()}::timestamptz`,
  ];
  if (opts.proyectoId !== undefined) where.push(sql`r.proyecto_id = ${opts.proyectoId}`);
  if (opts.empresaId !== undefined) where.push(sql`c.empresa_id = ${opts.empresaId}`);
  const filas = await query<Fila>(
    db,
    sql`SELECT r.empleado_id, r.tipo, r.at, c.empresa_id, e.nit, e.razon_social, r.proyecto_id, p.descripcion AS proyecto
          FROM registros_porteria r
          JOIN contratos c ON c.id = r.contrato_id
          JOIN empresas e ON e.id = c.empresa_id
          JOIN proyectos p ON p.id = r.proyecto_id
         WHERE ${sql.join(where, sql` AND `)}
         ORDER BY r.proyecto_id, c.empresa_id, r.empleado_id, r.at`,
  );
  const mesTexto = primero.slice(0, 7);
  const grupos = new Map<string, { fila: Fila; marcas: Map<number, Marca[]> }>();
  for (const f of filas) {
    const key = `${f.proyecto_id}:${f.empresa_id}`;
    const g = grupos.get(key) ?? { fila: f, marcas: new Map<number, Marca[]>() };
    grupos.set(key, g);
    const list = g.marcas.get(f.empleado_id) ?? [];
    list.push({ empleadoId: f.empleado_id, tipo: f.tipo, at: new Date(f.at) });
    g.marcas.set(f.empleado_id, list);
  }
  const out: HorasHombreFila[] = [];
  for (const { fila, marcas } of grupos.values()) {
    let horas = 0;
    let dias = 0;
    let diasSinSalida = 0;
    const trabajadores = new Set<number>();
    for (const list of marcas.values())
      for (const d of diasTrabajados(list, opts.turnoHoras)) {
        if (!d.dia.startsWith(mesTexto)) continue;
        horas += d.horas;
        dias += 1;
        if (d.sinSalida) diasSinSalida += 1;
        trabajadores.add(d.empleadoId);
      }
    if (dias === 0) continue;
    out.push({
      nit: fila.nit,
      razonSocial: fila.razon_social,
      proyectoid: fila.proyecto_id,
      proyecto: fila.proyecto,
      ano: opts.ano,
      mes: opts.mes,
      horas: Math.round(horas * 100) / 100,
      dias,
      trabajadores: trabajadores.size,
      diasSinSalida,
    });
  }
  return out.sort(
    (a, b) => a.proyecto.localeCompare(b.proyecto, 'es') || a.razonSocial.localeCompare(b.razonSocial, 'es'),
  );
}
