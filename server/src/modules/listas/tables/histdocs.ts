import { sql, type SQL } from 'drizzle-orm';
import {
  attachmentPath,
  fileViewerTarget,
  historyType,
  linkCell,
  MODULOS,
  MSG,
  nombreEnMayusculas,
  safeText,
  type HistoryType,
} from '@proveedores/domain';
import { query } from '../../../db/client';
import { AppError } from '../../../errors';
import { codEntregaSql, labelEstadoSql } from '../../../compliance/status-sql';
import { diaHoraSql, diaSql, lapsoSql } from '../dates-sql';
import { eventColumn } from '../get-list';
import type { ColumnDef, Row, TableDef } from '../table';

const idParam = (name: string, v: string | undefined): number | undefined => {
  if (v === undefined) return undefined;
  if (!/^\d{1,10}$/.test(v) || Number(v) < 1 || Number(v) > 2_147_483_647)
    throw new AppError('bad_request', MSG.listParamInvalid(name));
  return Number(v);
};

/**
 * histdocs: the document history of one module as a list, one row per submission (file or comment),
 * newest first. Parameters: path (sg-sst | sg-personal | g-riesgo | g-retenido, required), ident
 * (worker's identification, sg-personal), contrato (contract id). Contractors see their company's
 * rows only; staff see every company (with an Empresa column) or one with empresa=<id>.
 */
export const histdocs: TableDef = {
  id: 'histdocs',
  roles: ['proveedor', 'staff'],
  bind: async ({ db, caller, params, hoy }) => {
    const parsedPath = historyType.safeParse(params.path);
    if (!parsedPath.success) throw new AppError('bad_request', MSG.listPathInvalid);
    const path: HistoryType = parsedPath.data;
    const ident = params.ident;
    if (ident !== undefined && ident.length > 20)
      throw new AppError('bad_request', MSG.listParamInvalid('ident'));
    const contratoId = idParam('contrato', params.contrato);
    const staff = caller.role === 'staff';
    const empresaId = staff ? idParam('empresa', params.empresa) : caller.empresaId!;

    if (!staff && contratoId !== undefined && path !== 'sg-sst') {
      // Another company's contract is not found, as in every other endpoint (never an empty 200).
      const [own] = await query<{ id: number }>(
        db,
        sql`SELECT id FROM contratos WHERE id = ${contratoId} AND empresa_id = ${caller.empresaId}`,
      );
      if (!own) throw new AppError('not_found', MSG.evidenceContractNotFound);
    }

    const where: SQL[] = [sql`r.modulo = ${path}`];
    if (empresaId !== undefined) where.push(sql`e.empresa_id = ${empresaId}`);
    if (contratoId !== undefined && path !== 'sg-sst') where.push(sql`e.contrato_id = ${contratoId}`);
    if (ident !== undefined && path === 'sg-personal') where.push(sql`em.numero_documento = ${ident}`);

    const fileUrl = (row: Record<string, unknown>) => attachmentPath(Number(row.evento));
    const columns: ColumnDef[] = [
      eventColumn(sql`e.id`),
      ...(staff && empresaId === undefined
        ? [
            {
              id: 'empresa',
              descripcion: MSG.colEmpresa,
              expr: sql`emp.razon_social`,
              sortable: true,
              filterable: true,
            },
          ]
        : []),
      {
        id: 'requisito',
        descripcion: MSG.colRequisito,
        expr: sql`r.nombre_corto`,
        sortable: true,
        filterable: true,
      },
      {
        id: 'estado',
        descripcion: MSG.colEstado,
        // The label of each submission, 'Reemplazado' included; next to the document's name so it is
        // on screen at 1366 px (docs/decisions/093).
        expr: labelEstadoSql(codEntregaSql('e', hoy)),
        sortExpr: codEntregaSql('e', hoy),
        sortable: true,
        filterable: true,
      },
      ...(path === 'sg-sst'
        ? []
        : [
            {
              id: 'contrato',
              descripcion: MSG.colContrato,
              expr: sql`p.descripcion || ' - ' || tc.descripcion || ' - ' || a.descripcion`,
              sortable: true,
              filterable: true,
            },
          ]),
      ...(path === 'g-riesgo'
        ? [
            {
              id: 'lapso',
              descripcion: MSG.colLapso,
              expr: lapsoSql(sql`e.ano`, sql`e.mes`),
              sortExpr: sql`(e.ano * 100 + e.mes)`,
              sortable: true,
              filterable: true,
            },
          ]
        : []),
      ...(path === 'sg-personal'
        ? [
            {
              id: 'empleado',
              descripcion: MSG.colEmpleado,
              expr: sql`em.tipo_documento || ' ' || em.numero_documento || ' - ' || trim(em.nombres || ' ' || em.apellidos || ' ' || em.apellidos2)`,
              sortExpr: sql`upper(trim(em.nombres || ' ' || em.apellidos || ' ' || em.apellidos2))`,
              sortable: true,
              filterable: true,
              // In capitals here, not with SQL upper(): under the C locale of the embedded PostgreSQL
              // it leaves accented letters small ('ANDRéS'); domain/src/nombres.ts knows them all.
              cell: (row: Row) => safeText(nombreEnMayusculas(String(row.empleado ?? ''))),
            },
          ]
        : []),
      {
        id: 'archivo',
        descripcion: MSG.colArchivo,
        expr: sql`coalesce(e.nombre_archivo, '')`,
        sortable: true,
        filterable: true,
        cell: (row) => {
          const nombre = String(row.archivo ?? '');
          if (row.archivo_id == null || !nombre) return '';
          return linkCell({
            action: 'fa fa-file',
            target: fileViewerTarget(nombre, fileUrl(row)),
            className: 'link-archivo',
            text: nombre,
          });
        },
      },
      {
        id: 'anexos',
        descripcion: MSG.colAnexos,
        expr: sql`(SELECT count(*) FROM anexos x WHERE x.entrega_id = e.id)`,
        sortable: true,
      },
      {
        id: 'comentario',
        descripcion: MSG.colComentario,
        expr: sql`coalesce(e.comentario, '')`,
        sortable: true,
        filterable: true,
      },
      {
        id: 'fechacarga',
        descripcion: MSG.colFechaCarga,
        expr: diaHoraSql(sql`e.created_at`),
        sortExpr: sql`e.created_at`,
        tipo: 'fechahora',
        sortable: true,
        filterable: true,
      },
      {
        id: 'cargadopor',
        descripcion: MSG.colCargadoPor,
        expr: sql`coalesce(u.nombre, '')`,
        sortable: true,
        filterable: true,
      },
      {
        id: 'revisado',
        descripcion: MSG.colRevisado,
        expr: sql`CASE WHEN e.revisado_at IS NULL THEN '' ELSE ${diaHoraSql(sql`e.revisado_at`)} || coalesce(' - ' || rv.nombre, '') END`,
        sortExpr: sql`e.revisado_at`,
        tipo: 'fechahora',
        sortable: true,
        filterable: true,
      },
      {
        id: 'motivorechazo',
        descripcion: MSG.colMotivoRechazo,
        expr: sql`coalesce(e.motivo_rechazo, '')`,
        sortable: true,
        filterable: true,
      },
      {
        id: 'vigencia',
        descripcion: MSG.colVigencia,
        expr: diaSql(sql`e.vigencia_hasta`),
        sortExpr: sql`e.vigencia_hasta`,
        tipo: 'fecha',
        sortable: true,
        filterable: true,
      },
    ];

    const modulo = MODULOS.find((m) => m.codigo === path)?.nombre ?? path;
    const treeTarget = `#/historial?model=${path}${ident !== undefined ? `&ident=${encodeURIComponent(ident)}` : ''}`;
    return {
      header: {
        titulo: MSG.histdocsTitle(modulo),
        subtitulo: modulo,
        parrafo: MSG.histdocsParagraph,
        descripcion: MSG.histdocsTitle(modulo),
        boton: [
          {
            url: treeTarget,
            descripcion: MSG.histdocsTree,
            icon: 'pi pi-sitemap',
            class: 'p-button-secondary',
          },
        ],
        contextoMenu: [
          {
            label: MSG.histdocsOpenFile,
            icon: 'pi pi-file',
            url: `#/detalle-archivo?nombre=archivo&url=${encodeURIComponent('/api/adminflujos/adjunto/')}{evento}`,
          },
          { label: MSG.histdocsTree, icon: 'pi pi-sitemap', url: treeTarget },
        ],
        exportar: true,
        columnasVisibles: true,
        buscador: true,
        columnasBurcador: true,
      },
      columns,
      from: sql`entregas e
        JOIN requisitos r ON r.id = e.requisito_id
        JOIN empresas emp ON emp.id = e.empresa_id
        LEFT JOIN contratos c ON c.id = e.contrato_id
        LEFT JOIN proyectos p ON p.id = c.proyecto_id
        LEFT JOIN tipos_contrato tc ON tc.id = c.tipo_contrato_id
        LEFT JOIN actividades a ON a.id = c.actividad_id
        LEFT JOIN empleados em ON em.id = e.empleado_id
        LEFT JOIN usuarios u ON u.id = e.cargado_por
        LEFT JOIN usuarios rv ON rv.id = e.revisado_por`,
      where,
      extra: { archivo_id: sql`e.archivo_id` },
      defaultSort: { column: 'fechacarga', order: 'desc' },
      tiebreak: sql`e.id DESC`,
    };
  },
};
