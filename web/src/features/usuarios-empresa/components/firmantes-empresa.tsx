import { useEffect, useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { AUTOEVALUACION_WEB_MSG, firmantesEmpresaBody } from '@proveedores/domain';
import { alerts } from '@/lib/alerts';
import { errorMessage } from '@/lib/api-client';
import { showToast } from '@/lib/toast';
import { firmantesEmpresaQueryOptions, firmantesKey, guardarFirmantes } from '../api/firmantes';

type Persona = { nombre: string; documento: string };
type Clave = 'representante' | 'responsable';
const vacia: Persona = { nombre: '', documento: '' };

/**
 * 'Firmantes de la autoevaluación' (docs/decisions/163): the company's legal representative and
 * SG-SST lead, the only names the Resolución 0312 self-evaluation is signed with. Shown to company
 * administrators only (the server refuses anyone else). Checked with the API's own schema.
 */
export function FirmantesEmpresa() {
  const queryClient = useQueryClient();
  const firmantes = useQuery(firmantesEmpresaQueryOptions());
  const [valores, setValores] = useState<Record<Clave, Persona>>({
    representante: vacia,
    responsable: vacia,
  });
  const [errores, setErrores] = useState<Record<string, string>>({});

  useEffect(() => {
    if (firmantes.data)
      setValores({
        representante: firmantes.data.representante ?? vacia,
        responsable: firmantes.data.responsable ?? vacia,
      });
  }, [firmantes.data]);

  const guardar = useMutation({
    mutationFn: guardarFirmantes,
    onSuccess: (res) => {
      showToast({
        severity: 'success',
        summary: AUTOEVALUACION_WEB_MSG.aeWebFirmantesTitulo,
        detail: res.message,
      });
      const { message: _message, ...datos } = res;
      queryClient.setQueryData(firmantesKey, datos);
    },
    onError: (err) => void alerts.error(errorMessage(err)),
  });

  const enviar = (e: FormEvent) => {
    e.preventDefault();
    const r = firmantesEmpresaBody.safeParse(valores);
    if (!r.success) {
      const m: Record<string, string> = {};
      for (const issue of r.error.issues) m[issue.path.join('.')] ??= issue.message;
      setErrores(m);
      return;
    }
    setErrores({});
    guardar.mutate(r.data);
  };

  const persona = (clave: Clave, titulo: string) => (
    <fieldset className="settings-firmante">
      <legend>{titulo}</legend>
      {(['nombre', 'documento'] as const).map((campo) => {
        const id = `firmantes-${clave}-${campo}`;
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
              value={valores[clave][campo]}
              disabled={firmantes.isPending}
              invalid={!!error}
              aria-describedby={error ? `${id}-error` : undefined}
              onChange={(e) =>
                setValores((v) => ({ ...v, [clave]: { ...v[clave], [campo]: e.target.value } }))
              }
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
    <form
      className="settings-card settings-firmantes"
      onSubmit={enviar}
      noValidate
      aria-labelledby="firmantes-title"
      data-testid="firmantes-empresa"
    >
      <h2 id="firmantes-title">{AUTOEVALUACION_WEB_MSG.aeWebFirmantesTitulo}</h2>
      <p className="hint">{AUTOEVALUACION_WEB_MSG.aeWebFirmantesAyuda}</p>
      {persona('representante', AUTOEVALUACION_WEB_MSG.aeWebRepresentante)}
      {persona('responsable', AUTOEVALUACION_WEB_MSG.aeWebResponsableSgSst)}
      <Button
        type="submit"
        label={AUTOEVALUACION_WEB_MSG.aeWebFirmantesGuardar}
        loading={guardar.isPending}
        data-testid="firmantes-guardar"
      />
    </form>
  );
}
