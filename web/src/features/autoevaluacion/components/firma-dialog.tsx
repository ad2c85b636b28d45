import { useState } from 'react';
import { Button } from 'primereact/button';
import { Checkbox } from 'primereact/checkbox';
import { Dialog } from 'primereact/dialog';
import { InputText } from 'primereact/inputtext';
import {
  ADVERTENCIA_LEGAL_0312,
  autoevaluacionFirmaBody,
  type AutoevaluacionFirmaBody,
  AUTOEVALUACION_WEB_MSG,
} from '@proveedores/domain';

type Persona = { nombre: string; documento: string };
const vacia: Persona = { nombre: '', documento: '' };

/**
 * 'Firmar': the employer or contracting party and the person responsible for the SG-SST sign,
 * accepting the form's legal warning (Resolución 0312 de 2019 art. 27; Ley 599 de 2000 arts. 287,
 * 288, 291 y 294). Checked with the API's own schema before sending; the server's refusal is shown
 * by the caller.
 */
export function FirmaDialog({
  ano,
  visible,
  firmando,
  onHide,
  onFirmar,
}: {
  ano: number;
  visible: boolean;
  firmando: boolean;
  onHide: () => void;
  onFirmar: (body: AutoevaluacionFirmaBody) => void;
}) {
  const [representante, setRepresentante] = useState<Persona>(vacia);
  const [responsable, setResponsable] = useState<Persona>(vacia);
  const [acepto, setAcepto] = useState(false);
  const [errores, setErrores] = useState<Record<string, string>>({});

  const enviar = () => {
    const r = autoevaluacionFirmaBody.safeParse({ representante, responsable, acepto });
    if (!r.success) {
      const e: Record<string, string> = {};
      for (const issue of r.error.issues) e[issue.path.join('.')] ??= issue.message;
      setErrores(e);
      return;
    }
    setErrores({});
    onFirmar(r.data);
  };

  const persona = (
    clave: 'representante' | 'responsable',
    titulo: string,
    valor: Persona,
    set: (p: Persona) => void,
  ) => (
    <fieldset className="ae-firmante">
      <legend>{titulo}</legend>
      {(['nombre', 'documento'] as const).map((campo) => {
        const id = `ae-firma-${clave}-${campo}`;
        const error = errores[`${clave}.${campo}`];
        return (
          <div className="field" key={campo}>
            <label htmlFor={id}>
              {campo === 'nombre'
                ? AUTOEVALUACION_WEB_MSG.aeWebNombre
                : AUTOEVALUACION_WEB_MSG.aeWebDocumento}
            </label>
            <InputText
              id={id}
              value={valor[campo]}
              invalid={!!error}
              aria-describedby={error ? `${id}-error` : undefined}
              onChange={(e) => set({ ...valor, [campo]: e.target.value })}
              data-testid={id}
            />
            {error && (
              <small id={`${id}-error`} className="field-error">
                {error}
              </small>
            )}
          </div>
        );
      })}
    </fieldset>
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
            onClick={enviar}
            data-testid="ae-firma-enviar"
          />
        </div>
      }
    >
      {persona('representante', AUTOEVALUACION_WEB_MSG.aeWebRepresentante, representante, setRepresentante)}
      {persona('responsable', AUTOEVALUACION_WEB_MSG.aeWebResponsableSgSst, responsable, setResponsable)}
      <p className="ae-advertencia" id="ae-advertencia" data-testid="ae-advertencia">
        {ADVERTENCIA_LEGAL_0312}
      </p>
      <div className="ae-acepto">
        <Checkbox
          inputId="ae-firma-acepto"
          checked={acepto}
          onChange={(e) => setAcepto(!!e.checked)}
          aria-describedby="ae-advertencia"
          invalid={!!errores.acepto}
          data-testid="ae-firma-acepto"
        />
        <label htmlFor="ae-firma-acepto">{AUTOEVALUACION_WEB_MSG.aeWebAcepto}</label>
      </div>
      {errores.acepto && <small className="field-error">{errores.acepto}</small>}
    </Dialog>
  );
}
