import { useEffect, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Button } from 'primereact/button';
import { ProgressSpinner } from 'primereact/progressspinner';
import { MSG } from '@proveedores/domain';
import { alerts } from '@/lib/alerts';
import { errorMessage } from '@/lib/api-client';
import { openContractModal } from '@/lib/contract-modal';
import { PATHS } from '@/lib/paths';
import { primeStylesNow } from '@/lib/prime-styles';
import { useContract } from '@/lib/session';

// The spinner of ListStatus is on every evidence page's first paint: its CSS first (decision 146).
primeStylesNow(<ProgressSpinner />);

type Props = {
  title: string;
  /** Show the chosen contract (or 'Porfavor seleccione Proyecto antes de continuar...'). */
  banner?: boolean;
  intro?: string;
  /** Shown under the banner, before the history link (the employee of Ingreso de Personal). */
  header?: ReactNode;
  /** 'Ver Historial' target; hidden when undefined. */
  historyHref?: string;
  children: ReactNode;
  testId: string;
};

/** Layout of the evidence pages: title with 'Ir al Inicio', banner, intro, history link, content. */
export function EvidencePage({ title, banner, intro, header, historyHref, children, testId }: Props) {
  return (
    <section className="page evidence-page" aria-labelledby={`${testId}-title`} data-testid={testId}>
      <div className="page-header">
        <h1 id={`${testId}-title`}>{title}</h1>
        <Link to={PATHS.home} className="p-button p-button-outlined p-button-sm go-home">
          <i className="pi pi-home" aria-hidden="true" />
          <span>{MSG.goHome}</span>
        </Link>
      </div>
      {banner && <ContractBanner />}
      {intro && <p className="page-intro">{intro}</p>}
      {header}
      {historyHref && (
        <div className="page-toolbar">
          <span className="hint">{MSG.mandatoryLegend}</span>
          <Link
            to={historyHref}
            className="p-button p-button-outlined p-button-sm"
            data-testid="history-link"
          >
            <i className="pi pi-history" aria-hidden="true" />
            <span>{MSG.seeHistory}</span>
          </Link>
        </div>
      )}
      {children}
    </section>
  );
}

/** Project - contract type - activity, each upper case. */
export function contractLabel(c: {
  proyectoDescripcion: string;
  tipoContratoDescripcion: string;
  actividadDescripcion: string;
}): string {
  return [c.proyectoDescripcion, c.tipoContratoDescripcion, c.actividadDescripcion]
    .map((s) => s.toLocaleUpperCase('es'))
    .join(' - ');
}

/** The chosen contract, with a button to change it (or to choose one) in the shell's contract modal. */
export function ContractBanner() {
  const contract = useContract();
  return (
    <div className={`contract-banner${contract ? '' : ' contract-banner--missing'}`}>
      <i className={`pi ${contract ? 'pi-briefcase' : 'pi-exclamation-triangle'}`} aria-hidden="true" />
      <p data-testid="contract-banner">{contract ? contractLabel(contract) : MSG.selectProjectFirst}</p>
      <button
        type="button"
        className="banner-button"
        onClick={openContractModal}
        data-testid="banner-contract"
      >
        {contract ? MSG.homeChangeContract : MSG.homeChooseContract}
      </button>
    </div>
  );
}

/**
 * Loading and failure states of a list: a spinner, or the failure with 'Reintentar'. A failure
 * also raises 'Lo siento hubo un error !!' with 'Ver detalle' and 'Cerrar' once (docs/contract.md, Error
 * catalogue).
 */
export function ListStatus({
  isPending,
  error,
  onRetry,
}: {
  isPending: boolean;
  error: unknown;
  onRetry: () => void;
}) {
  useEffect(() => {
    if (error) void alerts.errorWithDetail(errorMessage(error));
  }, [error]);
  if (error)
    return (
      <div className="list-error" role="alert">
        <p>{MSG.genericError}</p>
        <Button type="button" label={MSG.retry} icon="pi pi-refresh" outlined onClick={onRetry} />
      </div>
    );
  if (isPending)
    return (
      <div className="list-loading" role="status">
        <ProgressSpinner style={{ width: '2.5rem', height: '2.5rem' }} strokeWidth="5" aria-hidden="true" />
        <span>{MSG.loading}</span>
      </div>
    );
  return null;
}
