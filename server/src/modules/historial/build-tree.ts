import {
  aplicaRequisito,
  banderasDeEmpresa,
  annexPath,
  codSlot,
  entregaQueCuenta,
  attachmentPath,
  contractPeriods,
  ESTADO,
  mostUrgent,
  MSG,
  periodFolder,
  type AnoMes,
  type BanderasActividad,
  type HistoryNode,
  type HistoryType,
} from '@proveedores/domain';

/**
 * Turns the rows of get-history-tree.ts into the folder tree (docs/decisions/050). Pure: no I/O,
 * every rule of the tree shape is here; which requirements apply is the compliance rule of
 * domain/src/rules/compliance.ts (docs/decisions/110), statuses come from the engine's SQL.
 */

export type Flags = BanderasActividad;
export type ContratoIn = Flags & { id: number; nombre: string; fechaInicio: string; activo: boolean };
export type RequisitoIn = {
  id: number;
  nombre: string;
  opcional: boolean;
  aplicaSi: string | null;
  activo: boolean;
};
export type EmpleadoIn = { id: number; nombre: string };
export type VinculoIn = { empleadoId: number; contratoId: number };
export type AnexoIn = { id: number; nombre: string; fecha: string; por: string | null };
export type EntregaIn = {
  id: number;
  contratoId: number | null;
  requisitoId: number;
  empleadoId: number | null;
  ano: number | null;
  mes: number | null;
  archivoId: number | null;
  nombreArchivo: string | null;
  comentario: string | null;
  motivoRechazo: string | null;
  vigencia: string | null;
  /** The stored estado (0 awaiting review, 1 approved, -1 rejected): which submission counts reads it. */
  estado: number;
  codEstado: number;
  /** 'YYYY-MM-DD HH:MM' in Colombia. */
  fecha: string;
  cargadoPor: string | null;
  anexos: AnexoIn[];
};

export type TreeInput = {
  type: HistoryType;
  /** Every contract of the company (sg-sst applicability looks at all active ones). */
  contratos: ContratoIn[];
  /** Every requirement of the module, catalogue order. */
  requisitos: RequisitoIn[];
  /** Employees in scope (already narrowed by numdocumento), with active links. */
  empleados: EmpleadoIn[];
  vinculos: VinculoIn[];
  /** Submissions in scope, newest first. */
  entregas: EntregaIn[];
  contratoId?: number;
  numdocumento?: string;
  current: AnoMes;
  /** Today in Colombia 'YYYY-MM-DD': which submission of a slot counts (decision 164). */
  hoy: string;
};

/** A node plus whether it counts when its parent folder summarises its children's status. */
type Built = { node: HistoryNode; cuenta: boolean };

const key = (
  c: number | null,
  e: number | null,
  r: number | '',
  a: number | null = null,
  m: number | null = null,
) => `${c ?? ''}|${e ?? ''}|${r}|${a ?? ''}|${m ?? ''}`;

function node(partial: Partial<HistoryNode> & Pick<HistoryNode, 'nombre' | 'estadoflujo'>): HistoryNode {
  return {
    registro: '',
    urllink: '',
    urllinkext: '',
    comentario: '',
    idregistro: 0,
    motivorechazo: '',
    vigencia: '',
    renovacion: 0,
    contenido: [],
    ...partial,
  };
}

const conAutor = (fecha: string, por: string | null) => (por ? `${fecha} - ${por}` : fecha);

/** A submission: a leaf, or a folder holding the main leaf and its annex leaves. */
function submissionNode(e: EntregaIn): HistoryNode {
  const common = {
    registro: conAutor(e.fecha, e.cargadoPor),
    comentario: e.comentario ?? '',
    idregistro: e.id,
    estadoflujo: e.codEstado,
    motivorechazo: e.motivoRechazo ?? '',
    vigencia: e.vigencia ?? '',
  };
  const hasFile = e.archivoId !== null;
  const main = node({
    ...common,
    nombre: hasFile ? (e.nombreArchivo ?? 'archivo') : MSG.historyComment,
    urllink: hasFile ? attachmentPath(e.id) : '',
  });
  if (e.anexos.length === 0) return main;
  const annexes = e.anexos.map((a) =>
    node({
      nombre: MSG.historyAnnex(a.nombre),
      registro: conAutor(a.fecha, a.por),
      urllink: annexPath(a.id),
      idregistro: e.id,
      estadoflujo: e.codEstado,
    }),
  );
  return node({ ...common, nombre: main.nombre, contenido: [main, ...annexes] });
}

/**
 * The folder of one evidence slot: its submissions newest first, each with its own status; the
 * folder's status is that of the submission that counts (-2 if none): the newest, or the approval in
 * force while a renewal awaits review or was rejected (`entregaQueCuenta`, decisions 164, 170). A
 * pending renewal is named with that approval's end, as the evidence lists show it.
 */
function slotFolder(nombre: string, es: EntregaIn[], opcional: boolean, hoy: string): Built {
  const { cuenta, renovacion } = entregaQueCuenta(es, hoy);
  return {
    node: node({
      nombre,
      registro: es[0]?.fecha ?? '',
      estadoflujo: codSlot(cuenta, hoy),
      vigencia: renovacion ? (cuenta?.vigencia ?? '') : '',
      renovacion: renovacion?.id ?? 0,
      contenido: es.map(submissionNode),
    }),
    // An optional item never handed in is nothing to do: it does not colour its parents.
    cuenta: !(es.length === 0 && opcional),
  };
}

/** A grouping folder: status is the most urgent among the children that count. */
function group(nombre: string, children: Built[]): Built {
  const counted = children.filter((c) => c.cuenta);
  const registro = children.reduce(
    (max, c) => (c.node.registro.slice(0, 16) > max ? c.node.registro.slice(0, 16) : max),
    '',
  );
  return {
    node: node({
      nombre,
      registro,
      estadoflujo: counted.length ? mostUrgent(counted.map((c) => c.node.estadoflujo)) : ESTADO.PENDIENTE,
      contenido: children.map((c) => c.node),
    }),
    cuenta: counted.length > 0,
  };
}

type Index = { slots: Map<string, EntregaIn[]>; partial: Set<string> };

function indexEntregas(entregas: EntregaIn[]): Index {
  const slots = new Map<string, EntregaIn[]>();
  const partial = new Set<string>();
  for (const e of entregas) {
    const k = key(e.contratoId, e.empleadoId, e.requisitoId, e.ano, e.mes);
    const list = slots.get(k);
    if (list) list.push(e);
    else slots.set(k, [e]);
    partial.add(`c${e.contratoId ?? ''}`);
    partial.add(`c${e.contratoId ?? ''}|e${e.empleadoId ?? ''}`);
    partial.add(`c${e.contratoId ?? ''}|e${e.empleadoId ?? ''}|r${e.requisitoId}`);
  }
  return { slots, partial };
}

/** Periods of a requirement in a contract: the contract's months (when live) plus any with submissions. */
function periodsOf(input: TreeInput, idx: Index, c: ContratoIn, r: RequisitoIn, live: boolean): AnoMes[] {
  const seen = new Map<number, AnoMes>();
  if (live) for (const p of contractPeriods(c.fechaInicio, input.current)) seen.set(p.ano * 12 + p.mes, p);
  if (idx.partial.has(`c${c.id}|e|r${r.id}`)) {
    for (const e of input.entregas) {
      if (e.contratoId === c.id && e.requisitoId === r.id && e.ano !== null && e.mes !== null) {
        seen.set(e.ano * 12 + e.mes, { ano: e.ano, mes: e.mes });
      }
    }
  }
  return [...seen.entries()].sort((a, b) => b[0] - a[0]).map(([, p]) => p);
}

/**
 * Requirement folders of one scope: every requirement that applies there now (live scope, active
 * requirement, activity flag) and every requirement with submissions there (history is never hidden).
 */
function requisitoFolders(
  input: TreeInput,
  idx: Index,
  scope: { contrato: ContratoIn | null; empleadoId: number | null; flags: Flags; live: boolean },
): Built[] {
  const { contrato, empleadoId, flags, live } = scope;
  const c = contrato?.id ?? null;
  const out: Built[] = [];
  for (const r of input.requisitos) {
    const applicable = live && r.activo && aplicaRequisito(r.aplicaSi, flags);
    if (input.type === 'g-riesgo' && contrato) {
      const periods = periodsOf(input, idx, contrato, r, applicable);
      if (periods.length === 0) continue;
      const children = periods.map((p) =>
        slotFolder(
          periodFolder(p.ano, p.mes),
          idx.slots.get(key(c, null, r.id, p.ano, p.mes)) ?? [],
          r.opcional,
          input.hoy,
        ),
      );
      out.push(group(r.nombre, children));
      continue;
    }
    const es = idx.slots.get(key(c, empleadoId, r.id)) ?? [];
    if (!applicable && es.length === 0) continue;
    out.push(slotFolder(r.nombre, es, r.opcional, input.hoy));
  }
  return out;
}

/** Children of one contract folder for g-riesgo, g-retenido and sg-personal. */
function contractChildren(input: TreeInput, idx: Index, c: ContratoIn): Built[] {
  if (input.type !== 'sg-personal') {
    return requisitoFolders(input, idx, { contrato: c, empleadoId: null, flags: c, live: c.activo });
  }
  const linked = new Set(input.vinculos.filter((v) => v.contratoId === c.id).map((v) => v.empleadoId));
  const empleados = input.empleados.filter((e) => linked.has(e.id) || idx.partial.has(`c${c.id}|e${e.id}`));
  const folders = (e: EmpleadoIn) =>
    requisitoFolders(input, idx, {
      contrato: c,
      empleadoId: e.id,
      flags: c,
      live: c.activo && linked.has(e.id),
    });
  // Asking for one worker (numdocumento) drops the employee level when it names exactly one.
  if (input.numdocumento !== undefined && input.empleados.length === 1) {
    return empleados.length === 1 ? folders(empleados[0]) : [];
  }
  return empleados.map((e) => group(e.nombre, folders(e)));
}

export function buildHistoryTree(input: TreeInput): HistoryNode[] {
  const idx = indexEntregas(input.entregas);
  if (input.type === 'sg-sst') {
    const flags = banderasDeEmpresa(input.contratos);
    return requisitoFolders(input, idx, { contrato: null, empleadoId: null, flags, live: true }).map(
      (b) => b.node,
    );
  }
  if (input.contratoId !== undefined) {
    const c = input.contratos.find((x) => x.id === input.contratoId);
    return c ? contractChildren(input, idx, c).map((b) => b.node) : [];
  }
  const oneWorker = input.type === 'sg-personal' && input.numdocumento !== undefined;
  return input.contratos
    .filter((c) => c.activo || idx.partial.has(`c${c.id}`))
    .map((c) => group(c.nombre, contractChildren(input, idx, c)).node)
    .filter((n) => !oneWorker || n.contenido.length > 0);
}
