import { sql } from 'drizzle-orm';
import { linkCell, MSG } from '@proveedores/domain';
import { eventColumn } from '../get-list';
import type { TableDef } from '../table';

/** Staff screens the action links lead to (the reviewer side builds them; docs/decisions/051). */
export const REQUISITO_ROUTES = {
  editar: (id: string) => `#/admin/requisitos/${id}`,
  copiar: (id: string) => `#/admin/requisitos/0?copiar=${id}`,
  eliminar: (id: string) => `#/admin/requisitos/${id}/eliminar`,
};

const yesNo = (expr: ReturnType<typeof sql>) =>
  sql`CASE WHEN ${expr} THEN ${MSG.listYes} ELSE ${MSG.listNo} END`;

/** requisitos: the requirements catalogue of the four modules (staff only). */
export const requisitos: TableDef = {
  id: 'requisitos',
  roles: ['staff'],
  bind: () => ({
    header: {
      titulo: MSG.requisitosTitle,
      subtitulo: '',
      parrafo: MSG.requisitosParagraph,
      descripcion: MSG.requisitosTitle,
      boton: [
        {
          url: REQUISITO_ROUTES.editar('0'),
          descripcion: MSG.requisitosNew,
          icon: 'pi pi-plus',
          class: 'p-button-success',
        },
      ],
      contextoMenu: [
        { label: MSG.actionEdit, icon: 'pi pi-pencil', url: REQUISITO_ROUTES.editar('{evento}') },
        { label: MSG.actionCopy, icon: 'pi pi-copy', url: REQUISITO_ROUTES.copiar('{evento}') },
        { label: MSG.actionDelete, icon: 'pi pi-trash', url: REQUISITO_ROUTES.eliminar('{evento}') },
      ],
      exportar: true,
      columnasVisibles: true,
      buscador: true,
      columnasBurcador: true,
    },
    columns: [
      eventColumn(sql`r.id`),
      { id: 'modulo', descripcion: MSG.colModulo, expr: sql`r.modulo`, sortable: true, filterable: true },
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
      {
        id: 'editar',
        descripcion: MSG.colEditar,
        expr: sql`''`,
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
        cell: (row) =>
          linkCell({
            action: 'eliminar',
            target: REQUISITO_ROUTES.eliminar(String(row.evento)),
            className: 'p-button-danger',
            text: MSG.actionDelete,
          }),
      },
    ],
    from: sql`requisitos r`,
    where: [],
    defaultSort: { column: 'modulo', order: 'asc' },
    tiebreak: sql`r.orden, r.id`,
  }),
};
