import { Dropdown, type DropdownChangeEvent } from 'primereact/dropdown';
import type { PaginatorTemplateOptions } from 'primereact/paginator';
import { MSG } from '@proveedores/domain';

type RowsDropdownRenderer = Extract<
  NonNullable<PaginatorTemplateOptions['RowsPerPageDropdown']>,
  (o: never) => unknown
>;
type RowsDropdownOptions = Parameters<RowsDropdownRenderer>[0];

/**
 * Paginator of the list: first, previous, pages, next, last, page size and the report
 * 'Monstrando {first} a {last} de {totalRecords} registros'. The page-size box is PrimeReact's own,
 * given a name (its hidden native select too), which the default one lacks.
 */
export const LIST_PAGINATOR: PaginatorTemplateOptions = {
  layout:
    'FirstPageLink PrevPageLink PageLinks NextPageLink LastPageLink RowsPerPageDropdown CurrentPageReport',
  RowsPerPageDropdown: (o: RowsDropdownOptions) => (
    <Dropdown
      value={o.value}
      options={o.options}
      onChange={(e: DropdownChangeEvent) =>
        o.onChange(e as unknown as Parameters<RowsDropdownOptions['onChange']>[0])
      }
      ariaLabel={MSG.listRowsPerPage}
      pt={{
        select: { 'aria-label': MSG.listRowsPerPage } as object,
        input: { 'aria-label': MSG.listRowsPerPage } as object,
      }}
      className="list-rows-dropdown"
      data-testid="rows-per-page"
    />
  ),
};
