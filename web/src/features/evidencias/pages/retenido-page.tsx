import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { MSG, PILA_WEB_MSG } from '@proveedores/domain';
import { EvidencePage, EvidenceTable, ListStatus, type EvidenceTarget } from '@/components/upload';
import { PATHS } from '@/lib/paths';
import { useContract } from '@/lib/session';
import { evidenceKeys, gRetenidoApi, gRetenidoQueryOptions } from '../api/evidence';
import { PilaDialog, PilaPeriodosR03, type PilaDialogoAbierto } from '@/features/pila';
import { useListModals } from '../components/use-evidence-page';

/** 'Gestión devolución de retenidos': the chosen contract's withholding documents. */
export function RetenidoPage() {
  const contract = useContract();
  const contratoid = contract?.id ?? 0;
  const list = useQuery({ ...gRetenidoQueryOptions(contratoid), enabled: contratoid > 0 });

  const resolve = (key: string): EvidenceTarget | undefined => {
    const row = list.data?.find((r) => String(r.id) === key);
    if (!row) return undefined;
    return {
      key,
      nombre: row.nombre || row.nombreCorto,
      extensiones: row.extensiones,
      state: row,
      needsContract: true,
      saveFile: (adjunto, fechas) => gRetenidoApi.saveFile(row.id, contratoid, adjunto, fechas),
      readDates: (adjunto) => gRetenidoApi.readDates(row.id, contratoid, adjunto),
      saveComment: (detalle) => gRetenidoApi.saveComment(row.id, contratoid, detalle),
      saveAnnex: (adjunto, idEntrega) => gRetenidoApi.saveAnnex(row.id, contratoid, adjunto, idEntrega),
    };
  };
  const modals = useListModals(evidenceKeys.gRetenido(contratoid), resolve);
  // Under R03: the contract's reconciled PILA periods, each opening its result (docs/decisions/128).
  const r03 = list.data?.find((r) => r.codigo === 'R03');
  const queryClient = useQueryClient();
  const [pila, setPila] = useState<PilaDialogoAbierto | null>(null);

  return (
    <EvidencePage
      title={MSG.pageRetenido}
      banner
      historyHref={PATHS.histDocs('g-retenido')}
      testId="retenido-page"
    >
      {contract && (
        <>
          <ListStatus isPending={list.isPending} error={list.error} onRetry={() => void list.refetch()} />
          {list.data && (
            <EvidenceTable rows={list.data} caption={MSG.pageRetenido} useNombre onOpen={modals.open} />
          )}
          {r03 && (
            <PilaPeriodosR03
              contratoid={contratoid}
              titulo={PILA_WEB_MSG.pilaWebR03Titulo(r03.nombre || r03.nombreCorto)}
              onVer={(p) => setPila({ modo: 'ver', ...p })}
            />
          )}
          <PilaDialog
            contratoid={contratoid}
            abierto={pila}
            onHide={() => setPila(null)}
            // The M01 row of the period lives in 'Gestión del riesgo'.
            onSubido={() => queryClient.invalidateQueries({ queryKey: evidenceKeys.gRiesgo(contratoid) })}
          />
        </>
      )}
      {modals.element}
    </EvidencePage>
  );
}

export default RetenidoPage;
