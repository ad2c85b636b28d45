import '@/components/staff/staff.css';
import '@/components/no-habilitado.css';
import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { Tag } from 'primereact/tag';
import {
  MODULO_CODIGOS,
  MODULOS,
  MSG,
  type CumplimientoEmpresa,
  type ModuloCodigo,
  HABILITACION_MSG,
} from '@proveedores/domain';
import { HIDE_NATIVE_SELECT } from '@/components/hide-native-select';
import { alerts } from '@/lib/alerts';
import { errorMessage } from '@/lib/api-client';
import { PATHS } from '@/lib/paths';
import { complianceQueryOptions } from '../api/compliance';
import { COUNT_COLUMNS, ComplianceMeter } from '../components/compliance-meter';
import { ExcelButton } from '../components/excel-button';
import { AdminHeader } from '@/components/staff/page-header';

/**
 * 'Cumplimiento por Empresa': every active company, least compliant first, with the counts behind
 * its percentage (optionally for one module); a company opens its contracts and items.
 */
export function CompliancePage() {
  const [params, setParams] = useSearchParams();
  const moduloParam = params.get('modulo');
  const modulo = (MODULO_CODIGOS as readonly string[]).includes(moduloParam ?? '')
    ? (moduloParam as ModuloCodigo)
    : undefined;
  const buscar = params.get('buscar') ?? '';
  const [text, setText] = useState(buscar);
  const query = useQuery(complianceQueryOptions({ modulo, buscar: buscar || undefined }));

  const set = (k: string, v: string | undefined) =>
    setParams(
      (prev) => {
        const p = new URLSearchParams(prev);
        if (v) p.set(k, v);
        else p.delete(k);
        return p;
      },
      { replace: true },
    );

  // Search as the user types, after a short pause.
  useEffect(() => {
    const t = setTimeout(() => {
      if (text.trim() !== buscar) set('buscar', text.trim() || undefined);
    }, 350);
    return () => clearTimeout(t);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the text changes
  }, [text]);

  useEffect(() => {
    if (query.error) void alerts.errorWithDetail(errorMessage(query.error));
  }, [query.error]);

  const rowCounts = (e: CumplimientoEmpresa) =>
    modulo ? (e.modulos.find((m) => m.modulo === modulo) ?? e.totales) : e.totales;

  return (
    <section className="page admin-page" aria-labelledby="compliance-title">
      <AdminHeader id="compliance-title" title={MSG.complianceTitle}>
        <ExcelButton />
      </AdminHeader>
      <p className="page-intro">{MSG.complianceIntro}</p>
      <div className="card">
        <div className="admin-filters" role="search">
          <div className="field">
            <label htmlFor="compliance-buscar">{MSG.listSearch}</label>
            <InputText
              id="compliance-buscar"
              value={text}
              placeholder={MSG.complianceSearch}
              onChange={(e) => setText(e.target.value)}
              data-testid="compliance-buscar"
            />
          </div>
          <div className="field">
            <label htmlFor="compliance-modulo">{MSG.colModulo}</label>
            <Dropdown
              inputId="compliance-modulo"
              pt={HIDE_NATIVE_SELECT}
              value={modulo ?? null}
              options={MODULOS.map((m) => ({ value: m.codigo, label: m.nombre }))}
              placeholder={MSG.reviewFilterAll}
              showClear
              onChange={(e) => set('modulo', (e.value as string | null) ?? undefined)}
            />
          </div>
        </div>
        <DataTable
          value={query.data ?? []}
          dataKey="empresaId"
          loading={query.isFetching}
          paginator
          rows={20}
          paginatorTemplate="FirstPageLink PrevPageLink PageLinks NextPageLink LastPageLink CurrentPageReport"
          currentPageReportTemplate={MSG.listPageReport}
          emptyMessage={MSG.complianceEmpty}
          responsiveLayout="stack"
          breakpoint="820px"
          stripedRows
          className="compliance-table stack-table"
          data-testid="compliance-table"
        >
          <Column
            header={MSG.colEmpresa}
            body={(e: CumplimientoEmpresa) => (
              <Link
                to={PATHS.adminEmpresaContratos(e.empresaId)}
                className="file-link"
                data-testid="compliance-company"
              >
                {e.razonSocial}
                <span className="company-link-nit">NIT {e.nit}</span>
                {/* Contracts of a type whose minimum 0312 score the company misses (decision 142). */}
                {(e.contratosNoHabilitados ?? 0) > 0 && (
                  <Tag
                    className="tag-no-habilitado"
                    icon="pi pi-ban"
                    value={HABILITACION_MSG.habContratosNoHabilitados(e.contratosNoHabilitados ?? 0)}
                    data-testid="compliance-no-habilitados"
                  />
                )}
              </Link>
            )}
          />
          <Column
            header={MSG.colPorcentaje}
            body={(e: CumplimientoEmpresa) => <ComplianceMeter conteo={rowCounts(e)} label={e.razonSocial} />}
          />
          <Column header={MSG.colAplicables} body={(e: CumplimientoEmpresa) => rowCounts(e).aplicables} />
          {COUNT_COLUMNS.map((c) => (
            <Column key={c.key} header={c.header} body={(e: CumplimientoEmpresa) => rowCounts(e)[c.key]} />
          ))}
        </DataTable>
      </div>
    </section>
  );
}
