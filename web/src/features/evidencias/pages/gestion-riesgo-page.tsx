import { useCallback, useDeferredValue, useState } from 'react';
import { useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { horasHombreRespuesta, MSG, type Periodo, type RiskRow, PILA_WEB_MSG } from '@proveedores/domain';
import { EvidencePage, ListStatus, type EvidenceTarget } from '@/components/upload';
import { api } from '@/lib/api-client';
import { PATHS } from '@/lib/paths';
import { useContract } from '@/lib/session';
import { evidenceKeys, gRiesgoApi, gRiesgoQueryOptions } from '../api/evidence';
import {
  PilaDialog,
  PilaMatrizBoton,
  pilaPeriodosQueryOptions,
  type PilaDialogoAbierto,
} from '@/features/pila';
import { foldedPeriods, periodKey, RiskTable } from '../components/risk-table';
import { useListModals } from '../components/use-evidence-page';
import { formatHoras } from './horas-format';
import './gestion-riesgo.css';

/** 'Gestión del riesgo': monthly documents of the chosen contract, one sub-row per period. */
export function GestionRiesgoPage() {
  const contract = useContract();
  const contratoid = contract?.id ?? 0;
  const list = useQuery({ ...gRiesgoQueryOptions(contratoid), enabled: contratoid > 0 });
  // The table (a row per period, each with its buttons and tooltips) renders in the background in
  // slices, not as one long task when the list arrives (blocking time on a phone, docs/decisions/146).
  const rows = useDeferredValue(list.data);

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
  // The actions read the reconciled periods themselves, so their arrival re-renders them, not the
  // whole table (RiskTable is memoised; blocking time, docs/decisions/146).
  const queryClient = useQueryClient();
  const [pila, setPila] = useState<PilaDialogoAbierto | null>(null);
  const m01Actions = useCallback(
    (p: Periodo) => <M01Acciones contratoid={contratoid} periodo={p} onAbrir={setPila} />,
    [contratoid],
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
          <ListStatus
            isPending={list.isPending || !rows}
            error={list.error}
            onRetry={() => void list.refetch()}
          />
          {rows && <HorasHombreM04 contratoid={contratoid} rows={rows} />}
          {rows && <PilaMatrizBoton contract={contract} />}
          {rows && <RiskTable rows={rows} onOpen={modals.open} m01Actions={m01Actions} />}
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

/** 'Conciliar planilla PILA' and, once reconciled, 'Ver conciliación' under an M01 period. */
function M01Acciones({
  contratoid,
  periodo: p,
  onAbrir,
}: {
  contratoid: number;
  periodo: Periodo;
  onAbrir: (abierto: PilaDialogoAbierto) => void;
}) {
  const pilaPeriodos = useQuery({ ...pilaPeriodosQueryOptions(contratoid), enabled: contratoid > 0 });
  const conciliado = (pilaPeriodos.data ?? []).some((x) => x.ano === p.ano && x.mes === p.mes);
  return (
    <span className="pila-m01-acciones" role="group" aria-label={PILA_WEB_MSG.pilaWebAccionesM01(p.Lapso)}>
      <Button
        type="button"
        text
        size="small"
        icon="pi pi-sync"
        label={PILA_WEB_MSG.pilaWebConciliar}
        onClick={() => onAbrir({ modo: 'conciliar', ano: p.ano, mes: p.mes })}
        data-testid="pila-conciliar"
      />
      {conciliado && (
        <Button
          type="button"
          text
          size="small"
          icon="pi pi-eye"
          label={PILA_WEB_MSG.pilaWebVer}
          onClick={() => onAbrir({ modo: 'ver', ano: p.ano, mes: p.mes })}
          data-testid="pila-ver"
        />
      )}
    </span>
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
        const query = horas[i];
        if (query?.isError) return null;
        const data = query?.data;
        // While the hours arrive the line keeps its place, so the table below does not move (CLS).
        if (!data)
          return (
            <li key={`${p.ano}-${p.mes}`} aria-hidden="true" data-testid="horas-m04-pendiente">
              <span className="horas-m04-pendiente">
                {m04.nombreCorto}, {p.Lapso}: {MSG.obraHorasM04('0')}
              </span>
            </li>
          );
        const total = data.reduce((s, r) => s + r.horas, 0);
        return (
          <li key={`${p.ano}-${p.mes}`}>
            {m04.nombreCorto}, {p.Lapso}: {MSG.obraHorasM04(formatHoras(total))}
          </li>
        );
      })}
    </ul>
  );
}

export default GestionRiesgoPage;
