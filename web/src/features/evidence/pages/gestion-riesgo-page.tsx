import { useState } from 'react';
import { useQueries, useQuery } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { horasHombreRespuesta, MSG, type Periodo, type RiskRow, PILA_WEB_MSG } from '@proveedores/domain';
import { EvidencePage, ListStatus, type EvidenceTarget } from '@/components/upload';
import { api } from '@/lib/api-client';
import { PATHS } from '@/lib/paths';
import { useContract } from '@/lib/session';
import { evidenceKeys, gRiesgoApi, gRiesgoQueryOptions } from '../api/evidence';
import { pilaPeriodosQueryOptions } from '../api/pila';
import { PilaMatrizBoton } from '../components/pila-contratista';
import { PilaDialog, type PilaDialogoAbierto } from '../components/pila-dialog';
import { foldedPeriods, periodKey, RiskTable } from '../components/risk-table';
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
  // The PILA of each M01 period (docs/decisions/128): upload and reconcile, or read the stored one.
  const [pila, setPila] = useState<PilaDialogoAbierto | null>(null);
  const pilaPeriodos = useQuery({ ...pilaPeriodosQueryOptions(contratoid), enabled: contratoid > 0 });
  const conciliados = new Set((pilaPeriodos.data ?? []).map((p) => `${p.ano}-${p.mes}`));
  const m01Actions = (p: Periodo) => (
    <span className="pila-m01-acciones" role="group" aria-label={PILA_WEB_MSG.pilaWebAccionesM01(p.Lapso)}>
      <Button
        type="button"
        text
        size="small"
        icon="pi pi-sync"
        label={PILA_WEB_MSG.pilaWebConciliar}
        onClick={() => setPila({ modo: 'conciliar', ano: p.ano, mes: p.mes })}
        data-testid="pila-conciliar"
      />
      {conciliados.has(`${p.ano}-${p.mes}`) && (
        <Button
          type="button"
          text
          size="small"
          icon="pi pi-eye"
          label={PILA_WEB_MSG.pilaWebVer}
          onClick={() => setPila({ modo: 'ver', ano: p.ano, mes: p.mes })}
          data-testid="pila-ver"
        />
      )}
    </span>
  );

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
          {list.data && <HorasHombreM04 contratoid={contratoid} rows={list.data} />}
          {list.data && <PilaMatrizBoton contract={contract} />}
          {list.data && <RiskTable rows={list.data} onOpen={modals.open} m01Actions={m01Actions} />}
          <PilaDialog contratoid={contratoid} abierto={pila} onHide={() => setPila(null)} />
        </>
      )}
      {modals.element}
    </EvidencePage>
  );
}

/**
 * Beside M04 (the monthly indicators, docs/decisions/125): the contract's man-hours of each shown
 * M04 period, from the gate records (GET /api/contratista/horas-hombre).
 */
function HorasHombreM04({ contratoid, rows }: { contratoid: number; rows: RiskRow[] }) {
  const m04 = rows.find((r) => r.codigo === 'M04');
  const periodos = m04 ? foldedPeriods(m04.Periodo) : [];
  const horas = useQueries({
    queries: periodos.map((p) => ({
      queryKey: ['horas-hombre', 'contrato', contratoid, p.ano, p.mes],
      queryFn: async ({ signal }: { signal: AbortSignal }) =>
        horasHombreRespuesta.parse(
          await api.get(`api/contratista/horas-hombre?contratoid=${contratoid}&ano=${p.ano}&mes=${p.mes}`, {
            signal,
          }),
        ),
    })),
  });
  if (!m04 || periodos.length === 0) return null;
  return (
    <ul className="hint horas-m04" data-testid="horas-m04" aria-label={m04.nombreCorto}>
      {periodos.map((p, i) => {
        const data = horas[i]?.data;
        if (!data) return null;
        const total = data.reduce((s, r) => s + r.horas, 0);
        return (
          <li key={`${p.ano}-${p.mes}`}>
            {m04.nombreCorto}, {p.Lapso}:{' '}
            {MSG.obraHorasM04(total.toLocaleString('es-CO', { maximumFractionDigits: 2 }))}
          </li>
        );
      })}
    </ul>
  );
}

export default GestionRiesgoPage;
