import '@/components/staff/porteria-staff.css';
import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Dialog } from 'primereact/dialog';
import { InputTextarea } from 'primereact/inputtextarea';
import { formatDia, formatDiaHora, MSG } from '@proveedores/domain';
import type { CredencialStaffFila } from '@proveedores/domain/porteria/staff';
import { ListStatus } from '@/components/upload';
import { toTitleCase } from '@/lib/text';
import { credencialesObraQueryOptions, descargarCarnetsStaff, revocarCredencial } from '../api/credenciales';
import { useSubmit } from '@/lib/use-submit';

/**
 * 'Credenciales' (decision 131): the carnets of the chosen contract, or of every contract of the
 * project, current or revoked (by whom, when, why); revocation with a reason, and the printing of
 * the chosen contract's carnets (decision 122).
 */
export function CredencialesPanel({
  proyectoid,
  contratoid,
}: {
  proyectoid: number;
  contratoid: number | null;
}) {
  const query = useQuery(credencialesObraQueryOptions(proyectoid, contratoid));
  const queryClient = useQueryClient();
  const [revocar, setRevocar] = useState<CredencialStaffFila | null>(null);
  const { busy: printing, run } = useSubmit();
  const rows = query.data?.credenciales ?? [];
  const reload = () => void queryClient.invalidateQueries({ queryKey: ['aptitud', 'credenciales'] });

  const onImprimir = async () => {
    if (contratoid === null) return;
    // The list shows who has a carnet printed: it reloads after the PDF, also when it failed.
    await run(() => descargarCarnetsStaff(contratoid));
    reload();
  };

  return (
    <div data-testid="credenciales-panel">
      <div className="aptitud-toolbar">
        <p className="hint">{contratoid === null ? MSG.credencialesElijaContrato : ''}</p>
        <div className="aptitud-actions">
          <Button
            type="button"
            label={MSG.paginaImprimirCarnes}
            icon="pi pi-id-card"
            size="small"
            disabled={contratoid === null}
            loading={printing}
            onClick={() => void onImprimir()}
            data-testid="credenciales-imprimir"
          />
        </div>
      </div>
      <ListStatus isPending={query.isPending} error={query.error} onRetry={() => void query.refetch()} />
      {query.data && (
        <DataTable
          value={rows}
          dataKey="id"
          loading={query.isFetching}
          paginator={rows.length > 50}
          rows={50}
          paginatorTemplate="FirstPageLink PrevPageLink PageLinks NextPageLink LastPageLink CurrentPageReport"
          currentPageReportTemplate={MSG.listPageReport}
          emptyMessage={MSG.credencialesSinFilas}
          responsiveLayout="stack"
          breakpoint="820px"
          stripedRows
          className="aptitud-table stack-table"
          aria-label={MSG.credencialesTabla}
          data-testid="credenciales-table"
          rowClassName={() => 'credencial-row'}
        >
          <Column header={MSG.credencialesColNumero} field="id" />
          <Column
            header={MSG.paginaColTrabajador}
            body={(r: CredencialStaffFila) => (
              <span data-testid="credencial-nombre">{toTitleCase(r.nombre)}</span>
            )}
          />
          <Column
            header={MSG.paginaColDocumento}
            body={(r: CredencialStaffFila) => (
              <span className="aptitud-doc">{`${r.tipodocumento} ${r.numerodocumento}`}</span>
            )}
          />
          <Column
            header={MSG.obraColContratista}
            body={(r: CredencialStaffFila) => `${r.razonSocial} (${r.nit})`}
          />
          <Column
            header={MSG.credencialesColEmitida}
            body={(r: CredencialStaffFila) => formatDia(r.emitidaAt)}
          />
          <Column
            header={MSG.paginaColVence}
            body={(r: CredencialStaffFila) => MSG.credencialVence(r.vence)}
          />
          <Column
            header={MSG.credencialesColEstado}
            style={{ minWidth: '14rem' }}
            body={(r: CredencialStaffFila) =>
              r.revocadaAt ? (
                <div className="aptitud-estado" data-testid="credencial-estado">
                  <span className="aptitud-tag aptitud-tag--no_apto">{MSG.credencialesRevocadaTag}</span>
                  <span className="credencial-revocada">
                    {MSG.credencialesRevocadaPor(
                      toTitleCase(r.revocadaPor ?? ''),
                      formatDiaHora(r.revocadaAt),
                      r.motivo ?? '',
                    )}
                  </span>
                </div>
              ) : (
                <div className="obra-estado" data-testid="credencial-estado">
                  <span className="aptitud-tag aptitud-tag--apto">{MSG.credencialesVigente}</span>
                  <Button
                    type="button"
                    label={MSG.credencialesRevocar}
                    icon="pi pi-ban"
                    size="small"
                    severity="danger"
                    outlined
                    aria-label={`${MSG.credencialesRevocar}: ${toTitleCase(r.nombre)}`}
                    onClick={() => setRevocar(r)}
                    data-testid="credencial-revocar"
                  />
                </div>
              )
            }
          />
        </DataTable>
      )}
      <RevocarCredencialDialog credencial={revocar} onHide={() => setRevocar(null)} onSaved={reload} />
    </div>
  );
}

function RevocarCredencialDialog({
  credencial,
  onHide,
  onSaved,
}: {
  credencial: CredencialStaffFila | null;
  onHide: () => void;
  onSaved: () => void;
}) {
  return (
    <Dialog
      header={credencial ? MSG.credencialesRevocarTitulo(toTitleCase(credencial.nombre)) : ''}
      visible={!!credencial}
      onHide={onHide}
      className="brand-dialog"
      style={{ width: '34rem' }}
      breakpoints={{ '640px': '100vw' }}
      draggable={false}
      resizable={false}
      blockScroll
    >
      {credencial && (
        <RevocarForm key={credencial.id} credencial={credencial} onHide={onHide} onSaved={onSaved} />
      )}
    </Dialog>
  );
}

function RevocarForm({
  credencial,
  onHide,
  onSaved,
}: {
  credencial: CredencialStaffFila;
  onHide: () => void;
  onSaved: () => void;
}) {
  const [motivo, setMotivo] = useState('');
  const [tried, setTried] = useState(false);
  const { busy, run } = useSubmit();
  const largo = motivo.trim().length;
  const motivoOk = largo >= 5 && largo <= 300;

  const onSubmit = async () => {
    setTried(true);
    if (!motivoOk) return;
    const done = await run(() => revocarCredencial(credencial.id, motivo.trim()), {
      ok: MSG.credencialesRevocadaOk,
    });
    if (!done) return;
    onSaved();
    onHide();
  };

  return (
    <form
      className="aptitud-form"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void onSubmit();
      }}
      data-testid="revocar-credencial-form"
    >
      <p>
        <strong>{toTitleCase(credencial.nombre)}</strong> ({credencial.tipodocumento}{' '}
        {credencial.numerodocumento}) - {credencial.razonSocial}
      </p>
      <p className="hint">{MSG.credencialesRevocarAviso}</p>
      <div className="field">
        <label htmlFor="credencial-motivo">{MSG.credencialesMotivo}</label>
        <InputTextarea
          id="credencial-motivo"
          value={motivo}
          rows={3}
          maxLength={300}
          invalid={tried && !motivoOk}
          aria-describedby="credencial-motivo-ayuda"
          onChange={(e) => setMotivo(e.target.value)}
          data-testid="credencial-motivo"
        />
        <small id="credencial-motivo-ayuda" className={`hint${tried && !motivoOk ? ' error' : ''}`}>
          {tried && !motivoOk ? MSG.credencialMotivoRequerido : MSG.credencialesMotivoAyuda}
        </small>
      </div>
      <div className="aptitud-form-actions">
        <Button type="button" label={MSG.credencialesCancelar} outlined onClick={onHide} />
        <Button
          type="submit"
          label={MSG.credencialesConfirmarRevocar}
          icon="pi pi-ban"
          severity="danger"
          loading={busy}
          data-testid="credencial-revocar-confirmar"
        />
      </div>
    </form>
  );
}
