import { useQuery } from '@tanstack/react-query';
import { MSG } from '@proveedores/domain';
import { EvidencePage, EvidenceTable, ListStatus, type EvidenceTarget } from '@/components/upload';
import { PATHS } from '@/lib/paths';
import { evidenceKeys, sgSstApi, sgSstQueryOptions } from '../api/evidence';
import { useListModals } from '../components/use-evidence-page';

/** SG-SST page (section 2): the company's required SG-SST documents; no contract needed. */
export function SgSstPage() {
  const list = useQuery(sgSstQueryOptions());

  const resolve = (key: string): EvidenceTarget | undefined => {
    const row = list.data?.find((r) => String(r.id) === key);
    if (!row) return undefined;
    return {
      key,
      nombre: row.nombreCorto,
      extensiones: row.extensiones,
      state: row,
      needsContract: false,
      saveFile: (adjunto) => sgSstApi.saveFile(row.id, adjunto),
      saveComment: (detalle) => sgSstApi.saveComment(row.id, detalle),
      saveAnnex: (adjunto) => sgSstApi.saveAnnex(row.id, adjunto),
    };
  };
  const modals = useListModals(evidenceKeys.sgSst(), resolve);

  return (
    <EvidencePage title={MSG.pageSgSst} historyHref={PATHS.histDocs('sg-sst')} testId="sg-sst-page">
      <ListStatus isPending={list.isPending} error={list.error} onRetry={() => void list.refetch()} />
      {list.data && <EvidenceTable rows={list.data} caption={MSG.pageSgSst} onOpen={modals.open} />}
      {modals.element}
    </EvidencePage>
  );
}

export default SgSstPage;
