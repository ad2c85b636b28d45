import '../aptitud.css';
import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import {
  formatDia,
  MSG,
  ultimoDiaApto,
  type AptitudTrabajador,
  type ItemAptitud,
  hoyEnColombia,
} from '@proveedores/domain';
import { DayInput } from '@/components/day-input';
import { EvidencePage, ListStatus, useEvidenceModals, type EvidenceTarget } from '@/components/upload';
import { useContract } from '@/lib/session';
import { toTitleCase } from '@/lib/text';
import { aptitudContratoQueryOptions, aptitudKeys, fetchSlotRows, slotApi } from '../api/aptitud';
import { descargarCarnets } from '@/features/credenciales';
import { AptitudTag } from '../components/aptitud-tag';
import { useSubmit } from '@/lib/use-submit';

type Slot = { key: string; item: ItemAptitud; worker: AptitudTrabajador };

const slotKey = (item: ItemAptitud, worker: AptitudTrabajador) =>
  `${item.modulo}:${item.requisitoId}:${item.empleadoId === null ? 'empresa' : worker.empleadoId}`;

/**
 * 'Aptitud del personal' (decision 125): for the chosen contract and a day (today by default), who
 * may enter the site and, for who may not, each reason with a button that opens the upload modal of
 * exactly that item (the shared evidence modals); the table reloads after an upload.
 */
export function AptitudPage() {
  const contract = useContract();
  const contratoid = contract?.id ?? 0;
  const [fecha, setFecha] = useState<string>(() => hoyEnColombia(new Date()));
  const dia = fecha ?? hoyEnColombia(new Date());
  const list = useQuery({ ...aptitudContratoQueryOptions(contratoid, dia), enabled: contratoid > 0 });
  const queryClient = useQueryClient();
  const [slot, setSlot] = useState<Slot | null>(null);
  const { busy: printing, run } = useSubmit();
  const onCarnets = () => run(() => descargarCarnets(contratoid));

  const empleadoDe = (s: Slot) =>
    s.item.empleadoId === null
      ? null
      : { tipodocumento: s.worker.tipodocumento, numerodocumento: s.worker.numerodocumento };
  const slotRows = useQuery({
    queryKey: slot ? aptitudKeys.slot(slot.item, empleadoDe(slot)) : ['aptitud', 'slot', 'ninguno'],
    queryFn: () => (slot ? fetchSlotRows(slot.item, contratoid, empleadoDe(slot)) : Promise.resolve([])),
    enabled: !!slot,
  });

  const resolve = (key: string): EvidenceTarget | undefined => {
    if (!slot || slot.key !== key) return undefined;
    const row = slotRows.data?.find((r) => r.id === slot.item.requisitoId);
    if (!row) return undefined;
    const empleado = empleadoDe(slot);
    return {
      key,
      nombre: row.nombreCorto,
      subtitle: empleado
        ? `${empleado.tipodocumento} ${empleado.numerodocumento} - ${toTitleCase(slot.worker.nombre)}`
        : undefined,
      extensiones: row.extensiones,
      state: row,
      needsContract: true,
      ...slotApi(slot.item, contratoid, empleado),
    };
  };
  const modals = useEvidenceModals(resolve, () => {
    void queryClient.invalidateQueries({ queryKey: aptitudKeys.all });
    void queryClient.invalidateQueries({ queryKey: ['evidencias'] });
  });

  const openItem = (item: ItemAptitud, worker: AptitudTrabajador) => {
    const key = slotKey(item, worker);
    setSlot({ key, item, worker });
    modals.open('upload', key);
  };

  const rows = list.data ?? [];
  const aptos = rows.filter((r) => r.apto).length;

  return (
    <EvidencePage title={MSG.paginaAptitudTitulo} banner intro={MSG.paginaAptitudIntro} testId="aptitud-page">
      {contract && (
        <>
          <div className="aptitud-toolbar">
            <div className="field">
              <label htmlFor="aptitud-fecha">{MSG.paginaFecha}</label>
              <DayInput
                inputId="aptitud-fecha"
                value={fecha}
                onChange={(v) => setFecha(v ?? hoyEnColombia(new Date()))}
                testId="aptitud-fecha"
              />
            </div>
            {list.data && (
              <p className="hint" data-testid="aptitud-resumen" aria-live="polite">
                {MSG.paginaResumen(aptos, rows.length - aptos)}
              </p>
            )}
            <div className="aptitud-actions">
              <Button
                type="button"
                label={MSG.paginaImprimirCarnes}
                icon="pi pi-id-card"
                size="small"
                outlined
                loading={printing}
                disabled={rows.length === 0}
                onClick={() => void onCarnets()}
                data-testid="aptitud-carnes"
              />
            </div>
          </div>
          <ListStatus isPending={list.isPending} error={list.error} onRetry={() => void list.refetch()} />
          {list.data && (
            <DataTable
              value={rows}
              dataKey="empleadoId"
              loading={list.isFetching}
              emptyMessage={MSG.paginaSinTrabajadores}
              responsiveLayout="stack"
              breakpoint="820px"
              stripedRows
              className="aptitud-table stack-table"
              data-testid="aptitud-table"
              aria-label={MSG.paginaTablaAptitud}
              rowClassName={() => 'aptitud-row'}
            >
              <Column
                header={MSG.paginaColTrabajador}
                body={(r: AptitudTrabajador) => (
                  <span data-testid="aptitud-nombre">{toTitleCase(r.nombre)}</span>
                )}
              />
              <Column
                header={MSG.paginaColDocumento}
                body={(r: AptitudTrabajador) => (
                  <span className="aptitud-doc">{`${r.tipodocumento} ${r.numerodocumento}`}</span>
                )}
              />
              <Column header={MSG.paginaColEstado} body={(r: AptitudTrabajador) => <AptitudTag row={r} />} />
              <Column
                header={MSG.paginaColMotivos}
                body={(r: AptitudTrabajador) => <Motivos row={r} onOpen={(item) => openItem(item, r)} />}
              />
              <Column
                header={MSG.paginaColVence}
                body={(r: AptitudTrabajador) => (
                  <span data-testid="aptitud-vence">{formatDia(ultimoDiaApto(r.vence))}</span>
                )}
              />
            </DataTable>
          )}
        </>
      )}
      {modals.element}
    </EvidencePage>
  );
}

/**
 * Each reason on its own line; a reason that comes from an item has its upload button. After them,
 * the approvals in force whose renewal awaits review (the worker stays apto; docs/decisions/170).
 */
function Motivos({ row, onOpen }: { row: AptitudTrabajador; onOpen: (item: ItemAptitud) => void }) {
  if (row.motivos.length === 0 && row.renovaciones.length === 0)
    return <span className="aptitud-sin-motivos">{MSG.paginaSinMotivos}</span>;
  return (
    <ul className="aptitud-motivos" data-testid="aptitud-motivos">
      {row.motivos.map((motivo, i) => {
        const item = row.items.find((it) => it.motivo === motivo) ?? row.items[i];
        return (
          <li key={`${i}-${motivo}`} data-testid="aptitud-motivo">
            <span>{motivo}</span>
            {item && item.motivo === motivo && (
              <Button
                type="button"
                label={MSG.paginaCargar}
                icon="pi pi-upload"
                size="small"
                outlined
                aria-label={MSG.paginaCargarItem(`${item.nombreCorto} - ${toTitleCase(row.nombre)}`)}
                onClick={() => onOpen(item)}
                data-testid="aptitud-cargar"
                data-codigo={item.codigo}
              />
            )}
          </li>
        );
      })}
      {row.renovaciones.map((r) => (
        <li key={`renovacion-${r}`} className="aptitud-renovacion" data-testid="aptitud-renovacion">
          <span>{r}</span>
        </li>
      ))}
    </ul>
  );
}

export default AptitudPage;
