import { useState } from 'react';
import { MSG, type ReporteEmpresa } from '@proveedores/domain';
import { companyItems, type DetailTarget } from './summary-model';

/**
 * The side panel of the home: per company (nit) a collapsible row with its total and an
 * open-detail icon; inside, per module, the counts 'P. por cargar', 'Vencidos o por vencer' (the
 * specification's 'Vencidos', named for what it counts: expired and expiring) and 'rechazados',
 * each shown only when non-zero and each with a drill-down icon. The toggle and the detail icon
 * are sibling buttons (a button inside the toggle would be unreachable for screen readers).
 */
export function SummaryPanel({
  report,
  staff,
  onDetail,
}: {
  report: ReporteEmpresa[];
  staff: boolean;
  onDetail: (t: DetailTarget) => void;
}) {
  const companies = report.filter((e) => e.total > 0);
  // One company (a contractor): open. Many (staff): closed until asked.
  const [openNits, setOpenNits] = useState<Set<string>>(
    () => new Set(companies.length === 1 ? [companies[0].nit] : []),
  );
  const toggle = (nit: string) =>
    setOpenNits((s) => {
      const next = new Set(s);
      if (next.has(nit)) next.delete(nit);
      else next.add(nit);
      return next;
    });

  return (
    <aside className="home-panel" aria-labelledby="home-panel-title" data-testid="summary-panel">
      <h2 id="home-panel-title">{MSG.homeSummaryTitle}</h2>
      <ul className={`home-companies${companies.length > 6 ? ' many' : ''}`}>
        {companies.map((e) => {
          const isOpen = openNits.has(e.nit);
          const regionId = `home-company-${e.nit}`;
          const modules = companyItems(e);
          const nit = staff ? e.nit : undefined;
          return (
            <li key={e.nit} className="home-company" data-testid={`company-${e.nit}`}>
              <div className="home-company-header">
                <button
                  type="button"
                  className="home-company-toggle"
                  aria-expanded={isOpen}
                  aria-controls={regionId}
                  onClick={() => toggle(e.nit)}
                >
                  <i className={`pi ${isOpen ? 'pi-chevron-down' : 'pi-chevron-right'}`} aria-hidden="true" />
                  <span className="home-company-name">
                    <span>{e.razonsocial}</span>
                    <small>NIT {e.nit}</small>
                  </span>
                  <span className="home-total" data-testid="company-total">
                    <span className="home-sr-only">{MSG.homeCompanyTotal}: </span>
                    {e.total}
                  </span>
                </button>
                <button
                  type="button"
                  className="home-icon-button"
                  aria-label={MSG.homeOpenDetail(e.razonsocial)}
                  title={MSG.homeOpenDetail(e.razonsocial)}
                  onClick={() =>
                    onDetail({ titulo: e.razonsocial, nit, items: modules.flatMap((m) => m.counts) })
                  }
                  data-testid="company-detail"
                >
                  <i className="pi pi-external-link" aria-hidden="true" />
                </button>
              </div>
              <div id={regionId} className="home-company-body" hidden={!isOpen}>
                {modules.map((m) => (
                  <section key={m.modulo} className="home-module" data-testid={`module-${m.modulo}`}>
                    <h3>{m.nombre}</h3>
                    <ul>
                      {m.counts.map((c) => (
                        <li key={c.filtro}>
                          <button
                            type="button"
                            className={`home-count f${Math.abs(c.filtro)}`}
                            onClick={() =>
                              onDetail({ titulo: MSG.homeDetailTitle(m.nombre, c.etiqueta), nit, items: [c] })
                            }
                            data-testid={`count-${m.modulo}-${c.filtro}`}
                          >
                            {/* The name read out starts with what the screen shows (WCAG 2.5.3). */}
                            <span className="home-count-label">{c.etiqueta}</span>
                            <span className="home-sr-only"> </span>
                            <span className="home-count-value">{c.cantidad}</span>
                            <span className="home-sr-only">
                              {' '}
                              ({MSG.homeOpenDetail(MSG.homeDetailTitle(m.nombre, c.etiqueta))})
                            </span>
                            <i className="pi pi-search" aria-hidden="true" />
                          </button>
                        </li>
                      ))}
                    </ul>
                  </section>
                ))}
              </div>
            </li>
          );
        })}
      </ul>
    </aside>
  );
}
