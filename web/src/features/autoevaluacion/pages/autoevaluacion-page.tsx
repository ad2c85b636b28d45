import '../autoevaluacion.css';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { Dropdown } from 'primereact/dropdown';
import { InputNumber } from 'primereact/inputnumber';
import {
  CICLOS_0312,
  formatDia,
  MSG,
  reglaDeLista,
  REGLAS_0312,
  type AutoevaluacionFirmaBody,
  AUTOEVALUACION_WEB_MSG,
  hoyEnColombia,
} from '@proveedores/domain';
import { EvidencePage, ListStatus } from '@/components/upload';
import { HIDE_NATIVE_SELECT } from '@/components/hide-native-select';
import { errorMessage } from '@/lib/api-client';
import { PATHS } from '@/lib/paths';
import { showToast } from '@/lib/toast';
import {
  autoevaluacionApi,
  autoevaluacionKeys,
  autoevaluacionQueryOptions,
  firmantesQueryOptions,
  type AutoevaluacionPagina,
} from '../api/autoevaluacion';
import { FirmaDialog } from '../components/firma-dialog';
import { ItemCard } from '../components/item-card';
import { cuerpoPut, derivar, formularioDe, listaDe, type Formulario } from '../components/modelo';
import { PlanMejoramiento } from '../components/plan';
import { Resumen } from '../components/resumen';

/**
 * 'Autoevaluación de estándares mínimos' (Resolución 0312 de 2019 arts. 25-28; docs/decisions/133,
 * 135): the contractor answers the year's Tabla de Valores, sees the score the domain rules give
 * while answering, draws up the improvement plan, saves and signs (the PDF becomes the E05
 * submission). A signed version is read-only until 'Corregir (nueva versión)'.
 */
export function AutoevaluacionPage() {
  const hoy = hoyEnColombia(new Date());
  const anoActual = Number(hoy.slice(0, 4));
  const [ano, setAno] = useState(anoActual);
  const consulta = useQuery(autoevaluacionQueryOptions(ano));
  const anos = [anoActual, anoActual - 1, anoActual - 2].map((a) => ({ value: a, label: String(a) }));
  return (
    <EvidencePage
      title={AUTOEVALUACION_WEB_MSG.aeWebTitulo}
      intro={AUTOEVALUACION_WEB_MSG.aeWebIntro}
      testId="autoevaluacion-page"
    >
      <div className="ae-toolbar">
        <div className="field">
          <label htmlFor="ae-ano">{AUTOEVALUACION_WEB_MSG.aeWebAno}</label>
          <Dropdown
            inputId="ae-ano"
            pt={HIDE_NATIVE_SELECT}
            value={ano}
            options={anos}
            ariaLabel={AUTOEVALUACION_WEB_MSG.aeWebAno}
            onChange={(e) => setAno(e.value as number)}
            data-testid="ae-ano"
          />
        </div>
      </div>
      <ListStatus
        isPending={consulta.isPending}
        error={consulta.error}
        onRetry={() => void consulta.refetch()}
      />
      {consulta.data && (
        <Evaluacion
          key={`${ano}-${consulta.data.version}-${consulta.data.estado}-${consulta.data.actualizadaAt}`}
          ano={ano}
          data={consulta.data}
          hoy={hoy}
        />
      )}
    </EvidencePage>
  );
}

function Evaluacion({ ano, data, hoy }: { ano: number; data: AutoevaluacionPagina; hoy: string }) {
  const queryClient = useQueryClient();
  const [form, setForm] = useState<Formulario>(() => formularioDe(data));
  const [guardado] = useState(() => JSON.stringify(formularioDe(data)));
  const [corrigiendo, setCorrigiendo] = useState(false);
  const [guardando, setGuardando] = useState(false);
  const [firmaVisible, setFirmaVisible] = useState(false);
  const [firmando, setFirmando] = useState(false);
  // Only the company's administrators sign, with its registered signers (docs/decisions/163).
  const firmantes = useQuery(firmantesQueryOptions());
  const puedeFirmar = firmantes.data?.esAdministrador === true;

  const firmada = data.estado === 'firmada';
  const readOnly = firmada && !corrigiendo;
  const lista = listaDe(form) ?? data.lista;
  const d = useMemo(() => derivar(form, lista), [form, lista]);
  const sucio = JSON.stringify(form) !== guardado;
  const regla = reglaDeLista(lista);

  const actualizar = (nuevo: AutoevaluacionPagina) =>
    queryClient.setQueryData(autoevaluacionKeys.ano(ano), nuevo);

  const guardar = async () => {
    setGuardando(true);
    try {
      const r = await autoevaluacionApi.guardar(ano, cuerpoPut(form, d));
      showToast({
        severity: 'success',
        summary: AUTOEVALUACION_WEB_MSG.aeWebTitulo,
        detail: AUTOEVALUACION_WEB_MSG.aeWebGuardada,
      });
      actualizar(r);
    } catch (err) {
      showToast({
        severity: 'error',
        summary: AUTOEVALUACION_WEB_MSG.aeWebTitulo,
        detail: errorMessage(err),
        life: 8000,
      });
    } finally {
      setGuardando(false);
    }
  };

  const firmar = async (body: AutoevaluacionFirmaBody) => {
    setFirmando(true);
    try {
      const r = await autoevaluacionApi.firmar(ano, body);
      showToast({
        severity: 'success',
        summary: AUTOEVALUACION_WEB_MSG.aeWebTitulo,
        detail: r.message,
        life: 8000,
      });
      setFirmaVisible(false);
      actualizar(r);
      void queryClient.invalidateQueries({ queryKey: ['evidencias'] });
    } catch (err) {
      showToast({
        severity: 'error',
        summary: AUTOEVALUACION_WEB_MSG.aeWebTitulo,
        detail: errorMessage(err),
        life: 8000,
      });
    } finally {
      setFirmando(false);
    }
  };

  const porCodigo = new Map(d.calificacion.items.map((i) => [i.codigo, i]));

  return (
    <div className="ae-layout">
      <div className="ae-principal">
        {firmada && data.firma && (
          <div className="ae-firmada" data-testid="ae-firmada" role="status">
            <p>
              <i className="pi pi-lock" aria-hidden="true" />{' '}
              {AUTOEVALUACION_WEB_MSG.aeWebVersion(data.version)}.{' '}
              {corrigiendo
                ? AUTOEVALUACION_WEB_MSG.aeWebCorrigiendo
                : AUTOEVALUACION_WEB_MSG.aeWebFirmada(formatDia(data.firma.firmadaAt))}
            </p>
            <p>
              {AUTOEVALUACION_WEB_MSG.aeWebFirmantes(
                data.firma.representante.nombre,
                data.firma.responsable.nombre,
              )}
            </p>
            <div className="ae-firmada-acciones">
              <Link to={PATHS.sgSst} className="p-button p-button-outlined p-button-sm">
                {AUTOEVALUACION_WEB_MSG.aeWebVerEntrega}
              </Link>
              {!corrigiendo && (
                <Button
                  type="button"
                  size="small"
                  icon="pi pi-pencil"
                  label={AUTOEVALUACION_WEB_MSG.aeWebCorregir}
                  onClick={() => setCorrigiendo(true)}
                  data-testid="ae-corregir"
                />
              )}
            </div>
          </div>
        )}
        {!firmada && (
          <p className="hint" data-testid="ae-version">
            {AUTOEVALUACION_WEB_MSG.aeWebVersion(data.version)} · {AUTOEVALUACION_WEB_MSG.aeWebBorrador}
          </p>
        )}

        <section className="ae-empresa" aria-labelledby="ae-empresa-titulo">
          <h2 id="ae-empresa-titulo">{AUTOEVALUACION_WEB_MSG.aeWebEmpresa}</h2>
          <div className="ae-empresa-campos">
            <div className="field">
              <label htmlFor="ae-trabajadores">{AUTOEVALUACION_WEB_MSG.aeWebTrabajadores}</label>
              <InputNumber
                inputId="ae-trabajadores"
                value={form.trabajadores}
                min={1}
                max={1_000_000}
                useGrouping={false}
                readOnly={readOnly}
                invalid={listaDe(form) === null}
                onValueChange={(e) => setForm((f) => ({ ...f, trabajadores: e.value ?? null }))}
                data-testid="ae-trabajadores"
              />
            </div>
            <div className="field">
              <label htmlFor="ae-clase">{AUTOEVALUACION_WEB_MSG.aeWebClaseRiesgo}</label>
              <Dropdown
                inputId="ae-clase"
                pt={HIDE_NATIVE_SELECT}
                value={form.claseRiesgo}
                disabled={readOnly}
                options={AUTOEVALUACION_WEB_MSG.aeWebClases.map((label, i) => ({ value: i + 1, label }))}
                ariaLabel={AUTOEVALUACION_WEB_MSG.aeWebClaseRiesgo}
                onChange={(e) => setForm((f) => ({ ...f, claseRiesgo: e.value as number }))}
                data-testid="ae-clase"
              />
            </div>
          </div>
          {data.version === 0 && <p className="hint">{AUTOEVALUACION_WEB_MSG.aeWebPrefijadoAyuda}</p>}
          <p className="ae-lista-aplica" data-testid="ae-lista">
            <strong>{AUTOEVALUACION_WEB_MSG.aeWebLista(lista)}</strong>. {regla.descripcion}{' '}
            <small className="ae-base">{regla.baseLegal}</small>
          </p>
          <p className="hint">
            {REGLAS_0312['lista.conteo'].descripcion}{' '}
            <small className="ae-base">{REGLAS_0312['lista.conteo'].baseLegal}</small>
          </p>
        </section>

        <section className="ae-items" aria-labelledby="ae-items-titulo">
          <h2 id="ae-items-titulo">{AUTOEVALUACION_WEB_MSG.aeWebItems}</h2>
          {CICLOS_0312.map((ciclo) => {
            const delCiclo = data.items.filter((i) => i.ciclo === ciclo);
            const estandares = [...new Set(delCiclo.map((i) => i.estandar))];
            return (
              <div key={ciclo} className="ae-ciclo">
                <h3>{ciclo}</h3>
                {estandares.map((estandar) => (
                  <div key={estandar} className="ae-estandar">
                    <h4>{estandar}</h4>
                    {delCiclo
                      .filter((i) => i.estandar === estandar)
                      .map((item) => {
                        const calc = porCodigo.get(item.codigo);
                        const r = form.respuestas[item.codigo];
                        return (
                          <ItemCard
                            key={item.codigo}
                            item={item}
                            fueraDeLista={calc?.fueraDeLista ?? false}
                            respuesta={r?.respuesta ?? null}
                            justificacion={r?.justificacion ?? ''}
                            puntosItem={calc?.puntos ?? 0}
                            readOnly={readOnly}
                            onChange={(respuesta, justificacion) =>
                              setForm((f) => ({
                                ...f,
                                respuestas: { ...f.respuestas, [item.codigo]: { respuesta, justificacion } },
                              }))
                            }
                          />
                        );
                      })}
                  </div>
                ))}
              </div>
            );
          })}
        </section>

        <PlanMejoramiento
          codigos={d.noCumplidos}
          items={data.items}
          plan={form.plan}
          hoy={hoy}
          readOnly={readOnly}
          onChange={(a) => setForm((f) => ({ ...f, plan: { ...f.plan, [a.codigo]: a } }))}
        />

        {!readOnly && (
          <div className="ae-acciones">
            {sucio && <p className="hint">{AUTOEVALUACION_WEB_MSG.aeWebGuardarAntes}</p>}
            {firmantes.data && !puedeFirmar && (
              <p className="hint" data-testid="ae-solo-administrador">
                {MSG.autoevaluacionFirmaSoloAdministrador}
              </p>
            )}
            <Button
              type="button"
              label={AUTOEVALUACION_WEB_MSG.aeWebGuardar}
              icon="pi pi-save"
              loading={guardando}
              disabled={listaDe(form) === null}
              onClick={() => void guardar()}
              data-testid="ae-guardar"
            />
            <Button
              type="button"
              label={AUTOEVALUACION_WEB_MSG.aeWebFirmar}
              icon="pi pi-pencil"
              outlined
              disabled={sucio || data.version === 0 || firmada || d.errores.length > 0 || !puedeFirmar}
              onClick={() => setFirmaVisible(true)}
              data-testid="ae-firmar"
            />
          </div>
        )}
      </div>
      <Resumen d={d} fecha={hoy} plazos={readOnly ? data.plazos : undefined} />
      <FirmaDialog
        ano={ano}
        visible={firmaVisible}
        firmando={firmando}
        firmantes={firmantes.data}
        onHide={() => setFirmaVisible(false)}
        onFirmar={(body) => void firmar(body)}
      />
    </div>
  );
}

export default AutoevaluacionPage;
