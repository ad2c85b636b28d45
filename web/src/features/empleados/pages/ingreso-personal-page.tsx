import { useDeferredValue, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { MSG, IMPORTACION_MSG } from '@proveedores/domain';
import {
  EvidencePage,
  contractLabel,
  EvidenceTable,
  ListStatus,
  useEvidenceModals,
  type CoveredWorker,
  type EvidenceTarget,
} from '@/components/upload';
import { PATHS } from '@/lib/paths';
import { queryClient } from '@/lib/query-client';
import { useContract } from '@/lib/session';
import { toTitleCase } from '@/lib/text';
import {
  cargaMultipleQueryOptions,
  contractWorkersQueryOptions,
  personnelKeys,
  sgPersonalApi,
  sgPersonalQueryOptions,
} from '../api/personnel';
import { selectEmployee, useSelectedEmployee } from '../api/selected-employee';
import { ContractWorkers } from '../components/contract-workers';
import { EmployeeModal } from '../components/employee-modal';
import { ImportWorkersDialog } from '../components/import-workers-dialog';
import '../components/personnel.css';

/**
 * Ingreso de Personal: the chosen project, the employee (select or register), and the
 * worker-entry documents of that employee for that contract, hidden until both are set; below, the
 * contract's workers and their withdrawal (docs/decisions/132).
 */
export function IngresoPersonalPage() {
  const contract = useContract();
  const employee = useSelectedEmployee();
  const [modalOpen, setModalOpen] = useState(false);
  const [importOpen, setImportOpen] = useState(false);
  const contratoid = contract?.id ?? 0;
  const tipo = employee?.tipodocumento ?? '';
  const numero = employee?.numerodocumento ?? '';
  const ready = contratoid > 0 && !!employee;
  const list = useQuery({ ...sgPersonalQueryOptions(contratoid, tipo, numero), enabled: ready });
  // The table renders in the background in slices (blocking time on a phone, docs/decisions/146).
  const rows = useDeferredValue(list.data);
  // One upload for many workers (docs/decisions/139): which items allow it, and whom it may cover.
  const multiples = useQuery({ ...cargaMultipleQueryOptions(), enabled: ready });
  const workers = useQuery({ ...contractWorkersQueryOptions(contratoid), enabled: ready });
  const coverable = (): CoveredWorker[] => {
    const fixed = { key: `${tipo} ${numero}`, tipodocumento: tipo, numerodocumento: numero };
    const others = (workers.data ?? [])
      .filter((w) => w.activo && `${w.tipodocumento} ${w.numerodocumento}` !== fixed.key)
      .map((w) => ({ ...w, key: `${w.tipodocumento} ${w.numerodocumento}` }));
    return [{ ...fixed, nombre: employee?.nombre ?? '' }, ...others];
  };

  const resolve = (key: string): EvidenceTarget | undefined => {
    const row = list.data?.find((r) => String(r.id) === key);
    if (!row || !employee) return undefined;
    const keys = { contratoid, tipodocumento: tipo, numerodocumento: numero };
    return {
      key,
      nombre: row.nombreCorto,
      subtitle: `${tipo} ${numero} - ${toTitleCase(employee.nombre)}`,
      extensiones: row.extensiones,
      state: row,
      needsContract: true,
      saveFile: (adjunto, fechas) => sgPersonalApi.saveFile(row.id, keys, adjunto, fechas),
      // Entry documents include medical concepts ('Próximo examen'): their dates pre-fill the form.
      readDates: (adjunto) => sgPersonalApi.readDates(row.id, keys, adjunto),
      saveComment: (detalle) => sgPersonalApi.saveComment(row.id, keys, detalle),
      saveAnnex: (adjunto, idEntrega) => sgPersonalApi.saveAnnex(row.id, keys, adjunto, idEntrega),
      multiple: multiples.data?.requisitos.includes(row.id)
        ? {
            workers: coverable(),
            fixed: `${tipo} ${numero}`,
            save: (adjunto, fechas, trabajadores) =>
              sgPersonalApi.saveForWorkers(row.id, keys, adjunto, fechas, trabajadores),
          }
        : undefined,
    };
  };
  // Every worker of the contract: one upload may have covered several (docs/decisions/139).
  const modals = useEvidenceModals(
    resolve,
    () => void queryClient.invalidateQueries({ queryKey: ['evidencias', 'sg-personal', contratoid] }),
  );

  const employeeBar = (
    <div className="employee-bar" id="ingreso-personal-docs" data-testid="employee-bar">
      {employee ? (
        <>
          <p className="employee-chosen" data-testid="employee-chosen">
            <i className="pi pi-user" aria-hidden="true" />
            <span className="employee-id">
              {tipo} {numero}
            </span>
            <span className="employee-name">{toTitleCase(employee.nombre)}</span>
          </p>
          <Button
            type="button"
            label={MSG.changeEmployeeButton}
            icon="pi pi-user-edit"
            outlined
            size="small"
            onClick={() => setModalOpen(true)}
            data-testid="employee-button"
          />
        </>
      ) : (
        <>
          <Button
            type="button"
            label={MSG.selectEmployeeButton}
            icon="pi pi-user-plus"
            onClick={() => setModalOpen(true)}
            data-testid="employee-button"
          />
          <p className="hint employee-hint">{MSG.employeeNeededHint}</p>
        </>
      )}
    </div>
  );

  return (
    <EvidencePage
      title={MSG.pageIngresoPersonal}
      banner
      historyHref={employee ? PATHS.histDocs('sg-personal', numero) : undefined}
      testId="ingreso-personal-page"
      header={employeeBar}
    >
      {ready && (
        <>
          <ListStatus
            isPending={list.isPending || !rows}
            error={list.error}
            onRetry={() => void list.refetch()}
          />
          {rows && <EvidenceTable rows={rows} caption={MSG.pageIngresoPersonal} onOpen={modals.open} />}
        </>
      )}
      {contratoid > 0 && (
        <div className="import-workers-bar">
          <Button
            type="button"
            label={IMPORTACION_MSG.importButton}
            icon="pi pi-file-excel"
            outlined
            onClick={() => setImportOpen(true)}
            data-testid="import-workers-button"
          />
        </div>
      )}
      {contratoid > 0 && (
        <ContractWorkers
          contratoid={contratoid}
          onOpen={(w) => {
            // The same choice as the employee dialog's search, without typing the document again;
            // then the documents, at the top of the page, come into view.
            selectEmployee({
              tipodocumento: w.tipodocumento,
              numerodocumento: w.numerodocumento,
              nombre: w.nombre,
            });
            document.getElementById('ingreso-personal-docs')?.scrollIntoView({ block: 'start' });
          }}
        />
      )}
      {contract && (
        <ImportWorkersDialog
          visible={importOpen}
          contratoid={contratoid}
          contrato={contractLabel(contract)}
          onHide={() => setImportOpen(false)}
          onImported={() =>
            void queryClient.invalidateQueries({ queryKey: ['contratista', 'vinculados', contratoid] })
          }
        />
      )}
      {modals.element}
      <EmployeeModal
        visible={modalOpen}
        onHide={() => setModalOpen(false)}
        contratoid={contratoid || null}
        onSelected={(e) => {
          selectEmployee(e);
          // Choosing a worker may link (or re-link) them to the contract.
          void queryClient.invalidateQueries({ queryKey: ['contratista', 'vinculados', contratoid] });
          void queryClient.invalidateQueries({
            queryKey: personnelKeys.sgPersonal(contratoid, e.tipodocumento, e.numerodocumento),
          });
        }}
      />
    </EvidencePage>
  );
}

export default IngresoPersonalPage;
