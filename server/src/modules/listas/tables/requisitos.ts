import { sql } from 'drizzle-orm';
import { linkCell, MODULOS, MSG } from '@proveedores/domain';
import { eventColumn } from '../get-list';
import type { ColumnDef, TableDef } from '../table';

/** Staff screens the action links lead to (the reviewer side builds them; docs/decisions/051). */
export const REQUISITO_ROUTES = {
  editar: (id: string) => `#/admin/requisitos/${id}`,
  copiar: (id: string) => `#/admin/requisitos/0?copiar=${id}`,
  eliminar: (id: string) => `#/admin/requisitos/${id}/eliminar`,
};

const yesNo = (expr: ReturnType<typeof sql>) =>
  sql`CASE WHEN ${expr} THEN ${MSG.listYes} ELSE ${MSG.listNo} END`;

/** The module's Spanish name (what people read; the code stays the sort key). */
const moduloNombreSql = sql`CASE r.modulo ${sql.join(
  MODULOS.map((m) => sql`WHEN ${m.codigo} THEN ${m.nombre}`),
  sql` `,
)} ELSE r.modulo END`;

/** Write actions (administrador only). */
const adminActions: ColumnDef[] = [
  {
    id: 'editar',
    descripcion: MSG.colEditar,
    expr: sql`''`,
    tipo: 'accion',
    cell: (row) =>
      linkCell({
        action: 'editar',
        target: REQUISITO_ROUTES.editar(String(row.evento)),
        className: 'p-button-warning',
        text: MSG.actionEdit,
      }),
  },
  {
    id: 'copiar',
    descripcion: MSG.colCopiar,
    expr: sql`''`,
    tipo: 'accion',
    cell: (row) =>
      linkCell({
        action: 'copiar',
        target: REQUISITO_ROUTES.copiar(String(row.evento)),
        className: 'p-button-info',
        text: MSG.actionCopy,
      }),
  },
  {
    id: 'eliminar',
    descripcion: MSG.colEliminar,
    expr: sql`''`,
    tipo: 'accion',
    cell: (row) =>
      linkCell({
        action: 'eliminar',
        target: REQUISITO_ROUTES.eliminar(String(row.evento)),
        className: 'p-button-danger',
        text: MSG.actionDelete,
      }),
  },
];

/** A reviewer opens the read-only form. */
const viewColumn: ColumnDef = {
  id: 'ver',
  descripcion: MSG.viewAction,
  expr: sql`''`,
  tipo: 'accion',
  cell: (row) =>
    linkCell({
      action: 'pi pi-eye',
      target: REQUISITO_ROUTES.editar(String(row.evento)),
      className: 'p-button-text',
      text: MSG.viewAction,
    }),
};

/**
 * requisitos: the requirements catalogue of the four modules (staff only). Only an administrator
 * gets 'Nuevo requisito' and the Editar / Copiar / Eliminar actions; a reviewer, who reads the
 * catalogue for its criteria, gets 'Ver' (the read-only form) and nothing that leads to a form they
 * cannot save (docs/decisions/099).
 */
export const requisitos: TableDef = {
  id: 'requisitos',
  roles: ['staff'],
  bind: ({ caller }) => ({
    header: {
      titulo: MSG.requisitosTitle,
      subtitulo: '',
      parrafo: caller.admin ? MSG.requisitosParagraph : MSG.requisitosParagraphReadOnly,
      descripcion: MSG.requisitosTitle,
      boton: caller.admin
        ? [
            {
              url: REQUISITO_ROUTES.editar('0'),
              descripcion: MSG.requisitosNew,
              icon: 'pi pi-plus',
              class: 'p-button-success',
            },
          ]
        : [],
      contextoMenu: caller.admin
        ? [
            { label: MSG.actionEdit, icon: 'pi pi-pencil', url: REQUISITO_ROUTES.editar('{evento}') },
            { label: MSG.actionCopy, icon: 'pi pi-copy', url: REQUISITO_ROUTES.copiar('{evento}') },
            { label: MSG.actionDelete, icon: 'pi pi-trash', url: REQUISITO_ROUTES.eliminar('{evento}') },
          ]
        : [{ label: MSG.viewAction, icon: 'pi pi-eye', url: REQUISITO_ROUTES.editar('{evento}') }],
      exportar: true,
      columnasVisibles: true,
      buscador: true,
      columnasBurcador: true,
    },
    columns: [
      eventColumn(sql`r.id`),
      {
        id: 'modulo',
        descripcion: MSG.colModulo,
        expr: moduloNombreSql,
        sortExpr: sql`r.modulo`,
        sortable: true,
        filterable: true,
      },
      { id: 'codigo', descripcion: MSG.colCodigo, expr: sql`r.codigo`, sortable: true, filterable: true },
      {
        id: 'nombre',
        descripcion: MSG.colNombre,
        expr: sql`r.nombre_corto`,
        sortable: true,
        filterable: true,
      },
      {
        id: 'extensiones',
        descripcion: MSG.colExtensiones,
        expr: sql`r.extensiones`,
        sortable: true,
        filterable: true,
      },
      {
        id: 'obligatorio',
        descripcion: MSG.colObligatorio,
        expr: yesNo(sql`NOT r.opcional`),
        sortExpr: sql`r.opcional`,
        sortable: true,
        filterable: true,
      },
      {
        id: 'aplica',
        descripcion: MSG.colAplica,
        expr: sql`CASE r.aplica_si WHEN 'alturas' THEN ${MSG.aplicaAlturas}
                    WHEN 'espacios_confinados' THEN ${MSG.aplicaEspaciosConfinados}
                    WHEN 'flota' THEN ${MSG.aplicaFlota} ELSE ${MSG.aplicaSiempre} END`,
        sortable: true,
        filterable: true,
      },
      {
        id: 'vigenciadias',
        descripcion: MSG.colVigenciaDias,
        expr: sql`coalesce(r.vigencia_dias::text, '')`,
        sortExpr: sql`r.vigencia_dias`,
        sortable: true,
        filterable: true,
      },
      {
        id: 'activo',
        descripcion: MSG.colActivo,
        expr: yesNo(sql`r.activo`),
        sortExpr: sql`r.activo`,
        sortable: true,
        filterable: true,
      },
      ...(caller.admin ? adminActions : [viewColumn]),
    ],
    from: sql`requisitos r`,
    where: [],
    defaultSort: { column: 'modulo', order: 'asc' },
    tiebreak: sql`r.orden, r.id`,
  }),
};
