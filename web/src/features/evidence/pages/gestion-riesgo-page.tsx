import { useQuery } from '@tanstack/react-query';
import { MSG } from '@proveedores/domain';
import { EvidencePage, ListStatus, type EvidenceTarget } from '@/components/upload';
import { PATHS } from '@/lib/paths';
import { useContract } from '@/lib/session';
import { evidenceKeys, gRiesgoApi, gRiesgoQueryOptions } from '../api/evidence';
import { periodKey, RiskTable } from '../components/risk-table';
import { useListModals } from '../components/use-evidence-page';

/** 'Gestión del riesgo' (section 2): monthly documents of the chosen contract, one sub-row per period. */
export function GestionRiesgoPage() {
  const contract = useContract();
  const contratoid = contract?.id ?? 0;
  const list = useQuery({ ...gRiesgoQueryOptions(contratoid), enabled: contratoid > 0 });

  const resolve = (key: string): EvidenceTarget | undefined => {
    for (const row of list.data ?? []) {
      const p = row.Periodo.find((x) => periodKey(row, x) === key);
      if (!p) continue;
      const keys = { contratoid, ano: p.ano, mes: p.mes };
      return {
        key,
        nombre: row.nombreCorto,
        subtitle: `${MSG.periodLabel}: ${p.Lapso}`,
        extensiones: row.extensiones,
        state: p,
        needsContract: true,
        saveFile: (adjunto, fechas) => gRiesgoApi.saveFile(row.id, keys, adjunto, fechas),
        readDates: (adjunto) => gRiesgoApi.readDates(row.id, keys, adjunto),
        saveComment: (detalle) => gRiesgoApi.saveComment(row.id, keys, detalle),
        saveAnnex: (adjunto, idEntrega) => gRiesgoApi.saveAnnex(row.id, keys, adjunto, idEntrega),
      };
    }
    return undefined;
  };
  const modals = useListModals(evidenceKeys.gRiesgo(contratoid), resolve);

  return (
    <EvidencePage
      title={MSG.pageGestionRiesgo}
      banner
      intro={MSG.riskIntro}
      historyHref={PATHS.histDocs('g-riesgo')}
      testId="gestion-riesgo-page"
    >
      {contract && (
        <>
          <ListStatus isPending={list.isPending} error={list.error} onRetry={() => void list.refetch()} />
          {list.data && <RiskTable rows={list.data} onOpen={modals.open} />}
        </>
      )}
      {modals.element}
    </EvidencePage>
  );
}

export default GestionRiesgoPage;
