import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { AutoComplete } from 'primereact/autocomplete';
import { Button } from 'primereact/button';
import { Dropdown } from 'primereact/dropdown';
import { MODULOS, MSG, type EmpresaAdmin, type ModuloCodigo } from '@proveedores/domain';
import { DayInput } from '@/components/day-input';
import { HIDE_NATIVE_SELECT } from '@/components/hide-native-select';
import {
  empresaQueryOptions,
  proyectosQueryOptions,
  requisitosQueryOptions,
  searchEmpresas,
  type QueueFilters,
} from '../api/review';

type EmpresaOption = Pick<EmpresaAdmin, 'id' | 'nitCompleto' | 'razonSocial'>;
const empresaLabel = (e: EmpresaOption) => `${e.razonSocial} (${e.nitCompleto})`;

/**
 * Filters of the queue: module, company (search by NIT or name), project, requirement and upload
 * date range. Every change goes straight to the address (and so to the query).
 */
export function QueueFilters({
  filters,
  onChange,
  onClear,
}: {
  filters: QueueFilters;
  onChange: (patch: Partial<QueueFilters>) => void;
  onClear: () => void;
}) {
  const requisitos = useQuery(requisitosQueryOptions());
  const proyectos = useQuery(proyectosQueryOptions());
  const empresaId = filters.empresaId ? Number(filters.empresaId) : null;
  const empresa = useQuery({ ...empresaQueryOptions(empresaId ?? 0), enabled: empresaId !== null });
  const [empresaText, setEmpresaText] = useState<EmpresaOption | string>('');
  const [suggestions, setSuggestions] = useState<EmpresaOption[]>([]);

  useEffect(() => {
    if (empresaId === null) setEmpresaText('');
    else if (empresa.data) setEmpresaText(empresa.data);
  }, [empresaId, empresa.data]);

  const requisitoOptions = (requisitos.data ?? [])
    .filter((r) => !filters.modulo || r.modulo === filters.modulo)
    .map((r) => ({
      value: String(r.id),
      label: `${r.codigo} - ${r.nombreCorto}${filters.modulo ? '' : ` (${MODULOS.find((m) => m.codigo === r.modulo)?.nombre ?? r.modulo})`}`,
    }));
  const proyectoOptions = (proyectos.data ?? []).map((p) => ({ value: String(p.id), label: p.descripcion }));
  const moduloOptions = MODULOS.map((m) => ({ value: m.codigo, label: m.nombre }));

  return (
    <form
      className="review-filters"
      role="search"
      aria-label={MSG.reviewFiltersTitle}
      onSubmit={(e) => e.preventDefault()}
    >
      <div className="field">
        <label htmlFor="filtro-modulo">{MSG.colModulo}</label>
        <Dropdown
          inputId="filtro-modulo"
          pt={HIDE_NATIVE_SELECT}
          value={filters.modulo ?? null}
          options={moduloOptions}
          placeholder={MSG.reviewFilterAll}
          showClear
          onChange={(e) => {
            const modulo = (e.value as ModuloCodigo | null) ?? undefined;
            const keepRequisito = requisitos.data?.some(
              (r) => String(r.id) === filters.requisitoId && (!modulo || r.modulo === modulo),
            );
            onChange({ modulo, requisitoId: keepRequisito ? filters.requisitoId : undefined });
          }}
          data-testid="filtro-modulo"
        />
      </div>
      <div className="field">
        <label htmlFor="filtro-empresa">{MSG.colEmpresa}</label>
        <AutoComplete
          inputId="filtro-empresa"
          value={empresaText}
          suggestions={suggestions}
          field="razonSocial"
          itemTemplate={(e: EmpresaOption) => empresaLabel(e)}
          selectedItemTemplate={(e: EmpresaOption) => empresaLabel(e)}
          completeMethod={(e) => {
            void searchEmpresas(e.query.trim()).then(setSuggestions, () => setSuggestions([]));
          }}
          onChange={(e) => {
            const value = (e.value ?? '') as EmpresaOption | string;
            setEmpresaText(value);
            // Emptying the box clears the filter.
            if (value === '') onChange({ empresaId: undefined });
          }}
          onSelect={(e) => onChange({ empresaId: String((e.value as EmpresaOption).id) })}
          placeholder={MSG.reviewFilterEmpresaPlaceholder}
          delay={250}
          minLength={2}
          inputClassName="w-full"
          className="w-full"
          data-testid="filtro-empresa"
        />
      </div>
      <div className="field">
        <label htmlFor="filtro-proyecto">{MSG.colProyecto}</label>
        <Dropdown
          inputId="filtro-proyecto"
          pt={HIDE_NATIVE_SELECT}
          value={filters.proyectoId ?? null}
          options={proyectoOptions}
          placeholder={MSG.reviewFilterAll}
          filter
          showClear
          onChange={(e) => onChange({ proyectoId: (e.value as string | null) ?? undefined })}
          data-testid="filtro-proyecto"
        />
      </div>
      <div className="field field-wide">
        <label htmlFor="filtro-requisito">{MSG.colRequisito}</label>
        <Dropdown
          inputId="filtro-requisito"
          pt={HIDE_NATIVE_SELECT}
          value={filters.requisitoId ?? null}
          options={requisitoOptions}
          placeholder={MSG.reviewFilterAll}
          filter
          showClear
          onChange={(e) => onChange({ requisitoId: (e.value as string | null) ?? undefined })}
          data-testid="filtro-requisito"
        />
      </div>
      <div className="field">
        <label htmlFor="filtro-desde">{MSG.reviewFilterDesde}</label>
        <DayInput
          inputId="filtro-desde"
          value={filters.desde ?? null}
          onChange={(iso) => onChange({ desde: iso ?? undefined })}
          // A wrong text stays as typed and is named; the filter keeps waiting for a date.
          onInvalidText={() => undefined}
          testId="filtro-desde"
        />
      </div>
      <div className="field">
        <label htmlFor="filtro-hasta">{MSG.reviewFilterHasta}</label>
        <DayInput
          inputId="filtro-hasta"
          value={filters.hasta ?? null}
          onChange={(iso) => onChange({ hasta: iso ?? undefined })}
          // A wrong text stays as typed and is named; the filter keeps waiting for a date.
          onInvalidText={() => undefined}
          testId="filtro-hasta"
        />
      </div>
      <div className="review-filters-actions">
        <Button
          type="button"
          label={MSG.reviewFilterClear}
          icon="pi pi-filter-slash"
          outlined
          size="small"
          onClick={onClear}
          data-testid="filtro-limpiar"
        />
      </div>
    </form>
  );
}
