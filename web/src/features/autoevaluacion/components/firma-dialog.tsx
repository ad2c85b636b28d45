import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from 'primereact/button';
import { Checkbox } from 'primereact/checkbox';
import { Dialog } from 'primereact/dialog';
import {
  ADVERTENCIA_LEGAL_0312,
  autoevaluacionFirmaBody,
  firmantesFaltantes,
  type AutoevaluacionFirmaBody,
  type FirmantesEmpresa,
  AUTOEVALUACION_WEB_MSG,
} from '@proveedores/domain';
import { PATHS } from '@/lib/paths';

/**
 * 'Firmar': the employer or contracting party and the person responsible for the SG-SST sign,
 * accepting the form's legal warning (Resolución 0312 de 2019 art. 27; Ley 599 de 2000 arts. 287,
 * 288, 291 y 294). The signers are those the company registered in Configuraciones, shown here and
 * never typed (docs/decisions/163); while one is missing the dialog says what to register and links
 * there. Checked with the API's own schema before sending; the server's refusal is shown by the
 * caller.
 */
export function FirmaDialog({
  ano,
  visible,
  firmando,
  firmantes,
  onHide,
  onFirmar,
}: {
  ano: number;
  visible: boolean;
  firmando: boolean;
  firmantes: FirmantesEmpresa | undefined;
  onHide: () => void;
  onFirmar: (body: AutoevaluacionFirmaBody) => void;
}) {
  const [acepto, setAcepto] = useState(false);
  const [error, setError] = useState('');
  const faltan = firmantes ? firmantesFaltantes(firmantes) : null;
  const listos = !!firmantes && faltan === null;

  const enviar = () => {
    const r = autoevaluacionFirmaBody.safeParse({ acepto });
    if (!r.success) {
      setError(r.error.issues[0]?.message ?? '');
      return;
    }
    setError('');
    onFirmar(r.data);
  };

  const persona = (titulo: string, p: { nombre: string; documento: string } | null, testId: string) => (
    <div className="ae-firmante" data-testid={testId}>
      <dt>{titulo}</dt>
      <dd>
        {p ? (
          <>
            {p.nombre}. {AUTOEVALUACION_WEB_MSG.aeWebDocumento}: {p.documento}
          </>
        ) : (
          '—'
        )}
      </dd>
    </div>
  );

  return (
    <Dialog
      header={AUTOEVALUACION_WEB_MSG.aeWebFirmarTitulo(ano)}
      visible={visible}
      onHide={onHide}
      className="ae-firma-dialog"
      style={{ width: 'min(40rem, 96vw)' }}
      data-testid="ae-firma-dialog"
      footer={
        <div>
          <Button type="button" label={AUTOEVALUACION_WEB_MSG.aeWebCancelar} outlined onClick={onHide} />
          <Button
            type="button"
            label={AUTOEVALUACION_WEB_MSG.aeWebFirmar}
            icon="pi pi-pencil"
            loading={firmando}
            disabled={!listos}
            onClick={enviar}
            data-testid="ae-firma-enviar"
          />
        </div>
      }
    >
      <p>{AUTOEVALUACION_WEB_MSG.aeWebFirmanRegistrados}</p>
      <dl className="ae-firmantes">
        {persona(
          AUTOEVALUACION_WEB_MSG.aeWebRepresentante,
          firmantes?.representante ?? null,
          'ae-firma-representante',
        )}
        {persona(
          AUTOEVALUACION_WEB_MSG.aeWebResponsableSgSst,
          firmantes?.responsable ?? null,
          'ae-firma-responsable',
        )}
      </dl>
      {faltan && (
        <p className="notice" role="alert" data-testid="ae-firma-faltan">
          {faltan} <Link to={PATHS.cambiarClave}>{AUTOEVALUACION_WEB_MSG.aeWebIrAConfiguraciones}</Link>
        </p>
      )}
      <p className="ae-advertencia" id="ae-advertencia" data-testid="ae-advertencia">
        {ADVERTENCIA_LEGAL_0312}
      </p>
      <div className="ae-acepto">
        <Checkbox
          inputId="ae-firma-acepto"
          checked={acepto}
          disabled={!listos}
          onChange={(e) => setAcepto(!!e.checked)}
          aria-describedby="ae-advertencia"
          invalid={!!error}
          data-testid="ae-firma-acepto"
        />
        <label htmlFor="ae-firma-acepto">{AUTOEVALUACION_WEB_MSG.aeWebAcepto}</label>
      </div>
      {error && <small className="field-error">{error}</small>}
    </Dialog>
  );
}
