import '@/components/staff/staff.css';
import { useEffect, useRef } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams, useSearchParams } from 'react-router';
import { MODULO_CODIGOS, MSG, type ModuloCodigo, PILA_STAFF_MSG } from '@proveedores/domain';
import { alerts } from '@/lib/alerts';
import { errorMessage } from '@/lib/api-client';
import { PATHS } from '@/lib/paths';
import {
  companyComplianceQueryOptions,
  complianceItemsQueryOptions,
  type ItemsFilter,
} from '../api/compliance';
import { COUNT_COLUMNS, ComplianceMeter } from '../components/compliance-meter';
import { ComplianceItems } from '../components/compliance-items';
import { ContractCompliance, type DrillDown } from '../components/contract-compliance';
import { ContractPila } from '@/features/pila';
import { ExcelButton } from '../components/excel-button';
import { LoadingBlock } from '@/components/staff/loading-block';
import { useIsAdmin } from '@/components/staff/use-is-admin';
import { AdminHeader } from '@/components/staff/page-header';
import { prefersReducedMotion } from '@/lib/motion';

function readFilter(p: URLSearchParams): ItemsFilter {
  const modulo = p.get('modulo');
  return {
    modulo: (MODULO_CODIGOS as readonly string[]).includes(modulo ?? '')
      ? (modulo as ModuloCodigo)
      : undefined,
    contrato: p.get('contrato') ?? undefined,
    codEstado: p.get('codEstado') ?? undefined,
    opcionales: p.get('opcionales') === 'true',
  };
}

/**
 * admin/empresas/{id}/contratos (the list engine's 'Ver contratos'): one company's compliance per
 * contract and module, each count drilling down to its items; 'Descargar EXCEL' for the company.
 */
export function CompanyCompliancePage() {
  const id = Number(useParams().id);
  const [params, setParams] = useSearchParams();
  const filter = readFilter(params);
  const detail = useQuery({ ...companyComplianceQueryOptions(id), enabled: id > 0 });
  const items = useQuery({ ...complianceItemsQueryOptions(id, filter), enabled: id > 0 });
  const itemsRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    const err = detail.error ?? items.error;
    if (err) void alerts.errorWithDetail(errorMessage(err));
  }, [detail.error, items.error]);

  const setFilter = (patch: Partial<ItemsFilter>) =>
    setParams(
      (prev) => {
        const p = new URLSearchParams(prev);
        for (const [k, v] of Object.entries(patch)) {
          if (v === undefined || v === false || v === '') p.delete(k);
          else p.set(k, String(v));
        }
        return p;
      },
      { replace: true },
    );
  const drill = (d: DrillDown) => {
    setFilter({ contrato: d.contrato, modulo: d.modulo, codEstado: d.codEstado });
    itemsRef.current?.scrollIntoView({
      behavior: prefersReducedMotion() ? 'auto' : 'smooth',
      block: 'start',
    });
  };

  const e = detail.data;
  const isAdmin = useIsAdmin();
  return (
    <section className="page admin-page" aria-labelledby="company-compliance-title">
      <AdminHeader
        id="company-compliance-title"
        title={e ? MSG.complianceCompany(e.razonSocial) : MSG.complianceTitle}
        back={{ to: PATHS.cumplimiento, label: MSG.complianceBack }}
      >
        {e && <ExcelButton empresaId={e.empresaId} />}
        {e && (
          <Link to={PATHS.adminEmpresa(e.empresaId)} className="p-button p-button-outlined p-button-sm">
            {/* A reviewer opens the company read-only (docs/decisions/099). */}
            <i className={`pi ${isAdmin ? 'pi-pencil' : 'pi-eye'}`} aria-hidden="true" />
            <span>{isAdmin ? MSG.empresaFormEdit : MSG.empresaViewLink}</span>
          </Link>
        )}
      </AdminHeader>
      {detail.isPending && <LoadingBlock />}
      {e && (
        <>
          <div className="card company-totals" data-testid="company-totals">
            <p className="company-nit">NIT {e.nit}</p>
            <ComplianceMeter conteo={e.totales} label={e.razonSocial} />
            <dl className="totals-list">
              <div>
                <dt>{MSG.colAplicables}</dt>
                <dd>{e.totales.aplicables}</dd>
              </div>
              {COUNT_COLUMNS.map((c) => (
                <div key={c.key}>
                  <dt>{c.header}</dt>
                  <dd data-testid={`total-${c.key}`}>{e.totales[c.key]}</dd>
                </div>
              ))}
            </dl>
          </div>
          <h2 className="section-title">{MSG.complianceByContract}</h2>
          <div className="contract-cards">
            {e.contratos.map((c) => (
              <ContractCompliance key={c.contratoId ?? 'empresa'} contrato={c} onDrill={drill} />
            ))}
          </div>
          {e.contratos.some((c) => c.contratoId !== null) && (
            <>
              <h2 className="section-title">{PILA_STAFF_MSG.pilaStaffPeriodos}</h2>
              <div className="contract-cards" data-testid="company-pila">
                {e.contratos.map(
                  (c) =>
                    c.contratoId !== null && (
                      <ContractPila key={c.contratoId} contrato={{ ...c, contratoId: c.contratoId }} />
                    ),
                )}
              </div>
            </>
          )}
          <h2 className="section-title" ref={itemsRef}>
            {MSG.complianceItemsTitle}
          </h2>
          <div className="card">
            <ComplianceItems
              empresa={e}
              filter={filter}
              items={items.data ?? []}
              loading={items.isFetching}
              onFilter={setFilter}
            />
          </div>
        </>
      )}
    </section>
  );
}
