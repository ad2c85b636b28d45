import { eq, sql } from 'drizzle-orm';
import {
  cuentaParaAptitud,
  finVigencia,
  sumarDias,
  hoyEnColombia,
  TYPEUSER,
  validateEmployee,
  type BanderasActividad,
  type FechasLeidas,
  type ReglaVigencia,
} from '@proveedores/domain';
import type { BlobStore } from '../files';
import { samplePdf } from '../lib/file-check-samples';
import { hashPassword } from '../lib/password';
import { saveEmployee } from '../modules/empleados';
import type { AuthUser } from '../plugins/auth';
import { upsertStaff } from '../ops/staff';
import { query, type Db } from './client';
import { flagsEmpresaSql } from '../compliance/status-sql';
import * as t from './schema';

/**
 * Demo data that shows site access working (docs/decisions/130): a gate account and five workers of
 * the first demo contractor's heights contract whose fitness tells a story on 'Aptitud del personal'
 * and 'Personal en obra'. Seeded once, with the demo accounts, on a fresh database; never in
 * production and, by default, not under NODE_ENV=test (SEED_DEMO_SITE, server/src/config.ts).
 */
export const DEMO_SITE = {
  nit: '900123456',
  contrato: 'Estructura en concreto torres 3 y 4',
  porteria: {
    username: 'porteria',
    password: 'Demo2026!porteria',
    nombre: 'JOSE ALFREDO MORENO',
    correo: 'porteria.obras@constructora.example.co',
  },
};

/** What each demo worker's items look like: the story the fitness page tells. */
type Caso = 'apto' | 'reentrenamiento_vencido' | 'concepto_por_revisar' | 'faltan_items' | 'autorizado';

type Trabajador = {
  caso: Caso;
  numerodocumento: string;
  nombres: string;
  apellidos: string;
  apellidos2: string;
  genero: 'MASCULINO' | 'FEMENINO';
  fecha_nacimiento: string;
  cargo: string;
  oficio: string;
  barrio: string;
};

export const DEMO_TRABAJADORES: readonly Trabajador[] = [
  {
    caso: 'apto',
    numerodocumento: '1017234567',
    nombres: 'ANDRES FELIPE',
    apellidos: 'RESTREPO',
    apellidos2: 'OSORIO',
    genero: 'MASCULINO',
    fecha_nacimiento: '1988-03-12',
    cargo: 'Oficial de obra',
    oficio: 'Oficial de estructuras',
    barrio: 'Belén',
  },
  {
    caso: 'reentrenamiento_vencido',
    numerodocumento: '71685432',
    nombres: 'LUIS EDUARDO',
    apellidos: 'CARDONA',
    apellidos2: 'RIOS',
    genero: 'MASCULINO',
    fecha_nacimiento: '1979-11-02',
    cargo: 'Maestro de obra',
    oficio: 'Maestro de estructuras',
    barrio: 'Castilla',
  },
  {
    caso: 'concepto_por_revisar',
    numerodocumento: '1036654321',
    nombres: 'DIANA MARCELA',
    apellidos: 'ZAPATA',
    apellidos2: 'HENAO',
    genero: 'FEMENINO',
    fecha_nacimiento: '1994-07-25',
    cargo: 'Inspector SST',
    oficio: 'Tecnóloga en SST',
    barrio: 'Robledo',
  },
  {
    caso: 'faltan_items',
    numerodocumento: '1152987654',
    nombres: 'JHON JAIRO',
    apellidos: 'MOSQUERA',
    apellidos2: 'PALACIOS',
    genero: 'MASCULINO',
    fecha_nacimiento: '1999-01-30',
    cargo: 'Ayudante de obra',
    oficio: 'Ayudante de construcción',
    barrio: 'Manrique',
  },
  {
    caso: 'autorizado',
    numerodocumento: '98765432',
    nombres: 'CARLOS ALBERTO',
    apellidos: 'VELEZ',
    apellidos2: 'MUNERA',
    genero: 'MASCULINO',
    fecha_nacimiento: '1983-09-08',
    cargo: 'Soldador',
    oficio: 'Soldador estructural',
    barrio: 'Aranjuez',
  },
];

/** The items a 'faltan_items' worker has not handed in (the rest are approved). */
const FALTANTES = ['P11', 'P13', 'P14'];
/** The item the authorized worker has rejected, and why. */
const RECHAZADO = { codigo: 'P08', motivo: 'La planilla no corresponde al último período pagado.' };

type Requisito = {
  id: number;
  modulo: string;
  codigo: string;
  opcional: boolean;
  aplicaSi: string | null;
  vigenciaDias: number | null;
  reglaVigencia: ReglaVigencia | null;
};

type Entrega = {
  estado: 0 | 1 | -1;
  motivoRechazo?: string;
  /** Dates the document states, chosen so the item is valid today unless `vencido`. */
  vencido?: boolean;
};

/**
 * The document dates of an item and its last valid day, by the requirement's validity rule
 * (decision 105, `finVigencia`): valid from today on, or ended a week ago when `vencido`.
 */
function fechasDe(r: Requisito, hoy: string, nit: string, vencido: boolean) {
  const periodoDe = (iso: string) => ({ ano: Number(iso.slice(0, 4)), mes: Number(iso.slice(5, 7)) });
  const candidatas = vencido
    ? [sumarDias(hoy, -(18 * 31 + 7)), sumarDias(hoy, -800)]
    : [sumarDias(hoy, -10), hoy];
  for (const expedicion of candidatas) {
    const datos = {
      expedicion,
      vencimiento: vencido ? sumarDias(hoy, -7) : sumarDias(hoy, 300),
      proximoExamen: vencido ? sumarDias(hoy, -7) : sumarDias(hoy, 300),
      periodo: periodoDe(expedicion),
      nit,
    };
    const fin = r.reglaVigencia
      ? finVigencia(r.reglaVigencia, datos)
      : r.vigenciaDias
        ? sumarDias(hoy, vencido ? -7 : r.vigenciaDias)
        : null;
    if (vencido ? fin !== null && fin < hoy : fin === null || fin > hoy) {
      const tipo = r.reglaVigencia?.tipo;
      return {
        fin,
        expedicion,
        vencimiento: tipo === 'fecha_del_documento' ? datos.vencimiento : null,
        proximoExamen: tipo === 'segun_concepto' ? datos.proximoExamen : null,
        periodo: tipo === 'mes_certificado' ? expedicion.slice(0, 7) : null,
      };
    }
  }
  throw new Error(`demo: no hay fechas que den la vigencia pedida para ${r.codigo}`);
}

/** What the worker of case `caso` has for requirement `codigo`; null = nothing handed in. */
function entregaDe(caso: Caso, codigo: string): Entrega | null {
  if (caso === 'reentrenamiento_vencido' && codigo === 'P11') return { estado: 1, vencido: true };
  if (caso === 'concepto_por_revisar' && codigo === 'P09') return { estado: 0 };
  if (caso === 'faltan_items' && FALTANTES.includes(codigo)) return null;
  if (caso === 'autorizado' && codigo === RECHAZADO.codigo)
    return { estado: -1, motivoRechazo: RECHAZADO.motivo };
  return { estado: 1 };
}

/**
 * Seeds the site-access demo on the database of a fresh demo install (called from seedDemo, after
 * the demo companies, contracts and reviewer exist). Every submission's file is a real PDF stored
 * in the blob store before its archivos row, as an upload does.
 */
export async function seedDemoSite(db: Db, store: BlobStore, now: Date = new Date()) {
  const hoy = hoyEnColombia(now);
  const [ctx] = await query<{
    empresa_id: number;
    contrato_id: number;
    usuario_id: number;
    revisor_id: number;
    alturas: boolean;
    espacios_confinados: boolean;
    flota: boolean;
  }>(
    db,
    sql`SELECT e.id AS empresa_id, c.id AS contrato_id, u.id AS usuario_id,
               (SELECT id FROM usuarios WHERE tipo = ${TYPEUSER.REVISOR} ORDER BY id LIMIT 1) AS revisor_id,
               a.alturas, a.espacios_confinados, a.flota
          FROM empresas e
          JOIN contratos c ON c.empresa_id = e.id AND c.descripcion = ${DEMO_SITE.contrato}
          JOIN actividades a ON a.id = c.actividad_id
          JOIN usuarios u ON u.empresa_id = e.id AND u.username = ${DEMO_SITE.nit}
         WHERE e.nit = ${DEMO_SITE.nit}`,
  );
  if (!ctx) throw new Error('demo: falta el contrato de demostración de alturas');
  const banderasContrato: BanderasActividad = ctx;
  // Company items count when ANY active contract of the company has the flag (banderasDeEmpresa).
  const [banderasEmpresa] = await query<BanderasActividad>(
    db,
    flagsEmpresaSql(sql`c.empresa_id = ${ctx.empresa_id}`, false),
  );
  const requisitos: Requisito[] = await db
    .select({
      id: t.requisitos.id,
      modulo: t.requisitos.modulo,
      codigo: t.requisitos.codigo,
      opcional: t.requisitos.opcional,
      aplicaSi: t.requisitos.aplicaSi,
      vigenciaDias: t.requisitos.vigenciaDias,
      reglaVigencia: t.requisitos.reglaVigencia,
    })
    .from(t.requisitos)
    .where(eq(t.requisitos.activo, true))
    .orderBy(t.requisitos.modulo, t.requisitos.codigo);
  const deEmpresa = requisitos.filter((r) => r.modulo === 'sg-sst' && cuentaParaAptitud(r, banderasEmpresa));
  const dePersona = requisitos.filter(
    (r) => r.modulo === 'sg-personal' && cuentaParaAptitud(r, banderasContrato),
  );

  // One small PDF per requirement, stored before any row points at it.
  const blobs = new Map<string, Awaited<ReturnType<BlobStore['put']>>>();
  for (const r of [...deEmpresa, ...dePersona])
    blobs.set(r.codigo, await store.put(samplePdf(`Documento de demostracion ${r.codigo}`)));

  const contratista = {
    usuarioId: ctx.usuario_id,
    empresaId: ctx.empresa_id,
    tipo: TYPEUSER.PROVEEDOR,
    username: DEMO_SITE.nit,
  } as AuthUser & { empresaId: number };
  const [cargos, razonSocial] = await Promise.all([
    query<{ id: number; descripcion: string }>(db, sql`SELECT id, descripcion FROM cargos`),
    query<{ razon_social: string }>(db, sql`SELECT razon_social FROM empresas WHERE id = ${ctx.empresa_id}`),
  ]);
  const cargoId = new Map(cargos.map((c) => [c.descripcion, c.id]));

  const entregar = async (
    tx: Db,
    r: Requisito,
    e: Entrega,
    empleado: { id: number; apellidos: string } | null,
  ) => {
    const blob = blobs.get(r.codigo)!;
    const [archivo] = await tx
      .insert(t.archivos)
      .values({ sha256: blob.sha256, tamano: blob.size, tipoMime: 'application/pdf', extension: 'pdf' })
      .returning({ id: t.archivos.id });
    const f = fechasDe(r, hoy, DEMO_SITE.nit, e.vencido ?? false);
    const declaradas: FechasLeidas = {
      expedicion: f.expedicion,
      vencimiento: f.vencimiento,
      proximoExamen: f.proximoExamen,
    };
    const revisada = e.estado !== 0;
    await tx.insert(t.entregas).values({
      empresaId: ctx.empresa_id,
      contratoId: empleado ? ctx.contrato_id : null,
      requisitoId: r.id,
      empleadoId: empleado?.id ?? null,
      archivoId: archivo.id,
      nombreArchivo: `${r.codigo}${empleado ? `-${empleado.apellidos}` : ''}.pdf`.toLowerCase(),
      estado: e.estado,
      motivoRechazo: e.motivoRechazo ?? null,
      vigenciaHasta: e.estado === 1 ? f.fin : null,
      fechaExpedicion: f.expedicion,
      fechaVencimientoDoc: f.vencimiento,
      proximoExamen: f.proximoExamen,
      periodoCertificado: f.periodo,
      fechasDeclaradas: declaradas,
      revisadoPor: revisada ? ctx.revisor_id : null,
      revisadoAt: revisada ? now : null,
      cargadoPor: ctx.usuario_id,
    });
  };

  await db.transaction(async (tx) => {
    for (const r of deEmpresa) await entregar(tx as unknown as Db, r, { estado: 1 }, null);
  });

  for (const w of DEMO_TRABAJADORES) {
    // The same validation and save as 'Ingreso de Personal' (domain schema, DIVIPOLA, contract link).
    const valid = validateEmployee(
      {
        tipodocumento: 'CC',
        numerodocumento: w.numerodocumento,
        nombres: w.nombres,
        apellidos: w.apellidos,
        apellidos2: w.apellidos2,
        empleador: razonSocial[0].razon_social,
        genero: w.genero,
        fecha_nacimiento: w.fecha_nacimiento,
        rh: 'O+',
        estado_civil: 'CASADO',
        personas_a_cargo: 2,
        nivel_educativo: 'SECUNDARIA COMPLETA',
        oficio_o_especialidad: w.oficio,
        cargo: cargoId.get(w.cargo),
        tipo_vivienda: 'EN ARRIENDO',
        estrato: '2',
        direccion: 'Calle 50 # 40-20',
        departamento: 'Antioquia',
        ciudad: 'Medellín',
        barrio: w.barrio,
        numerotelefono: '3104567890',
        contacto_caso_emergencia: 'Familiar de contacto',
        tel_contacto_caso_emergencia: '3007654321',
        parentesco_caso_emergencia: 'Cónyuge',
        salario: 2100000,
        fecini_seg_social: sumarDias(hoy, -60),
        eps: 'Nueva EPS',
        arl: 'ARL Sura',
        fondos_pensiones: 'Porvenir',
        caja_compensacion: 'Comfama',
        fecha_examenes_medicos: sumarDias(hoy, -45),
        concepto_aptitud: 'APTO PARA ALTURAS',
        fecha_cert_alturas: sumarDias(hoy, -120),
        nivel_certificado_curso_alturas: 'TRABAJADOR AUTORIZADO',
        contratoid: ctx.contrato_id,
      },
      hoy,
    );
    if (!valid.ok) throw new Error(`demo: trabajador no válido: ${valid.errors.join('; ')}`);
    const { id } = await saveEmployee({ db, user: contratista, input: valid.data, ip: '127.0.0.1' });
    await db.transaction(async (tx) => {
      for (const r of dePersona) {
        const e = entregaDe(w.caso, r.codigo);
        if (e) await entregar(tx as unknown as Db, r, e, { id, apellidos: w.apellidos });
      }
      if (w.caso === 'autorizado')
        await tx.insert(t.autorizacionesTemporales).values({
          empleadoId: id,
          contratoId: ctx.contrato_id,
          motivo: 'Planilla PILA en corrección con el operador; ingreso autorizado por el residente SST.',
          desde: hoy,
          hasta: sumarDias(hoy, 5),
          otorgadaPor: ctx.revisor_id,
        });
    });
  }

  await seedDemoGate(db);
}

/**
 * The demo gate account, guarding the demo contracts' projects: created as `npm run staff` does
 * (upsertStaff, audited), then given its published password without a forced change, like the
 * other demo accounts.
 */
async function seedDemoGate(db: Db) {
  const p = DEMO_SITE.porteria;
  const proyectos = await query<{ id: number }>(
    db,
    sql`SELECT DISTINCT c.proyecto_id AS id FROM contratos c ORDER BY 1`,
  );
  await upsertStaff(db, {
    username: p.username,
    rol: TYPEUSER.PORTERIA,
    correo: p.correo,
    nombre: p.nombre,
    proyectos: proyectos.map((r) => r.id),
  });
  await db
    .update(t.usuarios)
    .set({ passwordHash: await hashPassword(p.password), mustChangePassword: false })
    .where(eq(t.usuarios.username, p.username));
}
