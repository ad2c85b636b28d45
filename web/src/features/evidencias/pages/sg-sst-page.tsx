import { useDeferredValue } from 'react';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { MSG, AUTOEVALUACION_WEB_MSG } from '@proveedores/domain';
import { EvidencePage, EvidenceTable, ListStatus, type EvidenceTarget } from '@/components/upload';
import { PATHS } from '@/lib/paths';
import { getContract } from '@/lib/session';
import { evidenceKeys, sgSstApi, sgSstQueryOptions } from '../api/evidence';
import { useListModals } from '../components/use-evidence-page';

/**
 * SG-SST page: the company's required SG-SST documents. The items are the company's,
 * not a contract's, but uploads need a chosen project like every evidence page (the contract's validation
 * rules).
 */
export function SgSstPage() {
  const list = useQuery(sgSstQueryOptions());
  // The table renders in the background in slices, not as one long task when the list arrives
  // (blocking time on a phone, docs/decisions/146).
  const rows = useDeferredValue(list.data);

  const resolve = (key: string): EvidenceTarget | undefined => {
    const row = list.data?.find((r) => String(r.id) === key);
    if (!row) return undefined;
    return {
      key,
      nombre: row.nombreCorto,
      extensiones: row.extensiones,
      state: row,
      // A project must be chosen first, read when saving (docs/decisions/094).
      needsContract: true,
      saveFile: (adjunto, fechas) => sgSstApi.saveFile(row.id, getContract()?.id, adjunto, fechas),
      readDates: (adjunto) => sgSstApi.readDates(row.id, getContract()?.id, adjunto),
      saveComment: (detalle) => sgSstApi.saveComment(row.id, getContract()?.id, detalle),
      saveAnnex: (adjunto, idEntrega) => sgSstApi.saveAnnex(row.id, getContract()?.id, adjunto, idEntrega),
    };
  };
  const modals = useListModals(evidenceKeys.sgSst(), resolve);

  return (
    <EvidencePage
      title={MSG.pageSgSst}
      historyHref={PATHS.histDocs('sg-sst')}
      testId="sg-sst-page"
      // E05 can be filled and signed in the portal (Resolución 0312 de 2019, docs/decisions/135).
      header={
        <p className="hint">
          E05 {AUTOEVALUACION_WEB_MSG.aeWebTitulo}:{' '}
          <Link to={PATHS.autoevaluacion} data-testid="sg-sst-autoevaluacion">
            {AUTOEVALUACION_WEB_MSG.aeWebEnlaceSgSst}
          </Link>
        </p>
      }
    >
      <ListStatus
        isPending={list.isPending || !rows}
        error={list.error}
        onRetry={() => void list.refetch()}
      />
      {rows && <EvidenceTable rows={rows} caption={MSG.pageSgSst} onOpen={modals.open} />}
      {modals.element}
    </EvidencePage>
  );
}

export default SgSstPage;
