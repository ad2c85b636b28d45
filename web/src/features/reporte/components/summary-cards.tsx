import { MSG, type ReporteEmpresa } from '@proveedores/domain';
import { CARDS, itemsOfFilter, type DetailTarget, type Totals } from './summary-model';

/**
 * Summary cards for pending, expired and rejected items, each shown only when its count is above 0.
 * With one company (a contractor) a card opens the detail of that status across the modules; staff
 * see many companies, so there the cards only inform and the panel drills down.
 */
export function SummaryCards({
  report,
  totals,
  onDetail,
}: {
  report: ReporteEmpresa[];
  totals: Totals;
  onDetail?: (t: DetailTarget) => void;
}) {
  const cards = CARDS.filter((c) => totals[c.filtro] > 0);
  if (cards.length === 0) return null;
  const single = report.filter((e) => e.total > 0);
  const company = onDetail && single.length === 1 ? single[0] : null;
  return (
    <ul className="home-cards" aria-label={MSG.homeSummaryCardsLabel} data-testid="summary-cards">
      {cards.map((c) => {
        const content = (
          <>
            <i className={`${c.icono} home-card-icon`} aria-hidden="true" />
            <span className="home-card-value">{totals[c.filtro]}</span>
            <span className="home-sr-only"> </span>
            <span className="home-card-title">{c.titulo}</span>
            {company && <span className="home-sr-only"> ({MSG.homeOpenDetail(c.titulo)})</span>}
          </>
        );
        return (
          <li key={c.filtro} className={`home-card ${c.tono}`} data-testid={`card-${c.filtro}`}>
            {company ? (
              <button
                type="button"
                className="home-card-inner"
                onClick={() => onDetail!({ titulo: c.titulo, items: itemsOfFilter(company, c.filtro) })}
              >
                {content}
              </button>
            ) : (
              <div className="home-card-inner">{content}</div>
            )}
          </li>
        );
      })}
    </ul>
  );
}
