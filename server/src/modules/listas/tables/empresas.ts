import { sql } from 'drizzle-orm';
import { linkCell, MSG } from '@proveedores/domain';
import { eventColumn } from '../get-list';
import type { ColumnDef, TableDef } from '../table';

/** Staff screens the action links lead to (the reviewer side builds them; docs/decisions/051). */
export const EMPRESA_ROUTES = {
  editar: (id: string) => `#/admin/empresas/${id}`,
  eliminar: (id: string) => `#/admin/empresas/${id}/eliminar`,
  contratos: (id: string) => `#/admin/empresas/${id}/contratos`,
};

const yesNo = (expr: ReturnType<typeof sql>) =>
  sql`CASE WHEN ${expr} THEN ${MSG.listYes} ELSE ${MSG.listNo} END`;

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
        target: EMPRESA_ROUTES.editar(String(row.evento)),
        className: 'p-button-warning',
        text: MSG.actionEdit,
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
        target: EMPRESA_ROUTES.eliminar(String(row.evento)),
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
      target: EMPRESA_ROUTES.editar(String(row.evento)),
      className: 'p-button-text',
      text: MSG.viewAction,
    }),
};

/**
 * empresas: provider companies (staff only). Only an administrator gets 'Nueva empresa', Editar and
 * Eliminar; a reviewer gets 'Ver' (the read-only form) and 'Ver contratos' (docs/decisions/099).
 */
export const empresas: TableDef = {
  id: 'empresas',
  roles: ['staff'],
  bind: ({ caller }) => ({
    header: {
      titulo: MSG.empresasTitle,
      subtitulo: '',
      parrafo: caller.admin ? MSG.empresasParagraph : MSG.empresasParagraphReadOnly,
      descripcion: MSG.empresasTitle,
      boton: caller.admin
        ? [
            {
              url: EMPRESA_ROUTES.editar('0'),
              descripcion: MSG.empresasNew,
              icon: 'pi pi-plus',
              class: 'p-button-success',
            },
          ]
        : [],
      contextoMenu: caller.admin
        ? [
            { label: MSG.actionEdit, icon: 'pi pi-pencil', url: EMPRESA_ROUTES.editar('{evento}') },
            {
              label: MSG.empresasContracts,
              icon: 'pi pi-briefcase',
              url: EMPRESA_ROUTES.contratos('{evento}'),
            },
            { label: MSG.actionDelete, icon: 'pi pi-trash', url: EMPRESA_ROUTES.eliminar('{evento}') },
          ]
        : [
            { label: MSG.viewAction, icon: 'pi pi-eye', url: EMPRESA_ROUTES.editar('{evento}') },
            {
              label: MSG.empresasContracts,
              icon: 'pi pi-briefcase',
              url: EMPRESA_ROUTES.contratos('{evento}'),
            },
          ],
      exportar: true,
      columnasVisibles: true,
      buscador: true,
      columnasBurcador: true,
    },
    columns: [
      eventColumn(sql`e.id`),
      {
        id: 'nit',
        descripcion: MSG.colNit,
        expr: sql`e.nit || '-' || e.dv::text`,
        sortExpr: sql`e.nit`,
        sortable: true,
        filterable: true,
      },
      {
        id: 'razonsocial',
        descripcion: MSG.colRazonSocial,
        expr: sql`e.razon_social`,
        sortable: true,
        filterable: true,
      },
      {
        id: 'correo',
        descripcion: MSG.colCorreoContacto,
        expr: sql`e.correo_contacto`,
        sortable: true,
        filterable: true,
      },
      {
        id: 'activa',
        descripcion: MSG.colActiva,
        expr: yesNo(sql`e.activa`),
        sortExpr: sql`e.activa`,
        sortable: true,
        filterable: true,
      },
      {
        id: 'contratos',
        descripcion: MSG.colContratos,
        expr: sql`(SELECT count(*) FROM contratos c WHERE c.empresa_id = e.id)`,
        sortable: true,
      },
      ...(caller.admin ? adminActions : [viewColumn]),
    ],
    from: sql`empresas e`,
    where: [],
    defaultSort: { column: 'razonsocial', order: 'asc' },
    tiebreak: sql`e.id`,
  }),
};
