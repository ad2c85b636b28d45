import { Button } from 'primereact/button';
import { MultiSelect } from 'primereact/multiselect';
import { LIST_EVENT_COLUMN, MSG, type TableDescription } from '@proveedores/domain';
import { DebouncedInput } from './debounced-input';
import { primeIcon } from './icons';

export type ExportKind = 'csv' | 'excel' | 'pdf';

type Props = {
  desc: TableDescription;
  search: string;
  onSearch: (q: string) => void;
  filtersShown: boolean;
  onToggleFilters: () => void;
  selected: string[];
  onSelectedChange: (ids: string[]) => void;
  exporting: ExportKind | null;
  onExport: (kind: ExportKind) => void;
  onOpen: (url: string, title: string) => void;
};

/**
 * Toolbar of the list: search ('Buscar'), per-column filters, column chooser
 * ('{0} Seleccionadas'), exports and the table's extra buttons, each shown when the description
 * asks for it.
 */
export function ListToolbar(p: Props) {
  const { desc } = p;
  const options = desc.columnas
    .filter((c) => c.id !== LIST_EVENT_COLUMN)
    .map((c) => ({ label: c.descripcion, value: c.id }));
  const anyFilterable = desc.columnas.some((c) => c.filtrable);
  const exportButton = (kind: ExportKind, label: string, icon: string) => (
    <Button
      type="button"
      label={label}
      icon={p.exporting === kind ? 'pi pi-spin pi-spinner' : icon}
      outlined
      size="small"
      disabled={p.exporting !== null}
      aria-label={MSG.listExportLabel(label)}
      title={MSG.listExportLabel(label)}
      onClick={() => p.onExport(kind)}
      data-testid={`export-${kind}`}
    />
  );

  return (
    <div className="list-toolbar" role="toolbar" aria-label={desc.titulo || MSG.pageListDinamico}>
      {desc.buscador && (
        <span className="p-input-icon-left list-search">
          <i className="pi pi-search" aria-hidden="true" />
          <DebouncedInput
            value={p.search}
            onChange={p.onSearch}
            placeholder={MSG.listSearch}
            aria-label={MSG.listSearch}
            data-testid="list-search"
          />
        </span>
      )}
      {desc.columnasBurcador && anyFilterable && (
        <Button
          type="button"
          icon="pi pi-filter"
          label={MSG.listFiltersToggle}
          size="small"
          outlined={!p.filtersShown}
          aria-pressed={p.filtersShown}
          onClick={p.onToggleFilters}
          aria-label={MSG.listFiltersToggle}
          className="list-filters-toggle"
          data-testid="filters-toggle"
        />
      )}
      {desc.columnasVisibles && (
        <MultiSelect
          value={p.selected}
          options={options}
          onChange={(e) => {
            const ids = e.value as string[];
            if (ids.length > 0) p.onSelectedChange(ids);
          }}
          maxSelectedLabels={3}
          selectedItemsLabel={MSG.listColumnsSelected}
          placeholder={MSG.listColumnsLabel}
          aria-label={MSG.listColumnsLabel}
          className="list-columns"
          panelClassName="list-columns-panel"
          data-testid="column-chooser"
        />
      )}
      {desc.exportar && (
        <span className="list-exports">
          {exportButton('csv', MSG.listExportCsv, 'pi pi-file')}
          {exportButton('excel', MSG.listExportExcel, 'pi pi-file-excel')}
          {exportButton('pdf', MSG.listExportPdf, 'pi pi-file-pdf')}
        </span>
      )}
      {desc.boton.map((b) => (
        <Button
          key={`${b.url}|${b.descripcion}`}
          type="button"
          label={b.descripcion}
          icon={b.icon ? primeIcon(b.icon) : undefined}
          className={`p-button-sm ${b.class}`}
          onClick={() => p.onOpen(b.url, b.descripcion)}
        />
      ))}
    </div>
  );
}
