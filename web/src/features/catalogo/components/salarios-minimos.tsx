import { useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Dialog } from 'primereact/dialog';
import { InputText } from 'primereact/inputtext';
import { MSG, salarioMinimoBody, salarioMinimoParams, type SalarioMinimo } from '@proveedores/domain';
import { alerts } from '@/lib/alerts';
import { errorMessage } from '@/lib/api-client';
import { showToast } from '@/lib/toast';
import { editarSalarioMinimo, registrarSalarioMinimo, salariosQueryOptions } from '../api/salarios-minimos';
import { Field } from '@/components/staff/field';

const pesos = new Intl.NumberFormat('es-CO', {
  style: 'currency',
  currency: 'COP',
  maximumFractionDigits: 0,
});

/**
 * The SMMLV per year with the norm that set it, the PILA reconciliation's IBC floor (docs/decisions/128
 * and 132): a small table, administrators register a year once ('Registrar año', POST) or correct one
 * (the row's edit button, PUT). The norm is shown so that an
 * administrator can check each figure against its decree.
 */
export function SalariosMinimos({ isAdmin }: { isAdmin: boolean }) {
  const queryClient = useQueryClient();
  const query = useQuery(salariosQueryOptions());
  const [editing, setEditing] = useState<{ item: SalarioMinimo | null } | null>(null);

  return (
    <div className="card" data-testid="salarios-minimos">
      <h2 className="section-title">{MSG.salariosTitulo}</h2>
      <p className="hint">{MSG.salariosIntro}</p>
      {isAdmin && (
        <div className="master-toolbar">
          <Button
            type="button"
            label={MSG.salarioNuevo}
            icon="pi pi-plus"
            size="small"
            onClick={() => setEditing({ item: null })}
            data-testid="salario-nuevo"
          />
        </div>
      )}
      <DataTable
        value={query.data ?? []}
        dataKey="ano"
        loading={query.isFetching}
        emptyMessage={MSG.salariosVacio}
        responsiveLayout="stack"
        breakpoint="820px"
        stripedRows
        className="stack-table"
        data-testid="salarios-table"
      >
        <Column field="ano" header={MSG.salarioColAno} />
        <Column header={MSG.salarioColValor} body={(r: SalarioMinimo) => pesos.format(r.valor)} />
        <Column field="norma" header={MSG.salarioColNorma} />
        {isAdmin && (
          <Column
            header={MSG.colAcciones}
            body={(r: SalarioMinimo) => (
              <Button
                type="button"
                icon="pi pi-pencil"
                rounded
                text
                aria-label={`${MSG.actionEdit}: ${r.ano}`}
                title={MSG.actionEdit}
                onClick={() => setEditing({ item: r })}
              />
            )}
          />
        )}
      </DataTable>
      {editing && (
        <SalarioDialog
          key={editing.item?.ano ?? 'nuevo'}
          item={editing.item}
          onHide={() => setEditing(null)}
          onSaved={(message) => {
            setEditing(null);
            showToast({ severity: 'success', summary: MSG.salariosTitulo, detail: message });
            void queryClient.invalidateQueries({ queryKey: ['admin', 'salarios-minimos'] });
          }}
        />
      )}
    </div>
  );
}

function SalarioDialog({
  item,
  onHide,
  onSaved,
}: {
  item: SalarioMinimo | null;
  onHide: () => void;
  onSaved: (message: string) => void;
}) {
  const [ano, setAno] = useState(item ? String(item.ano) : '');
  const [valor, setValor] = useState(item ? String(item.valor) : '');
  const [norma, setNorma] = useState(item?.norma ?? '');
  const [errors, setErrors] = useState<{ ano?: string; valor?: string; norma?: string }>({});

  const save = useMutation({
    // A new year is registered once; an existing one is corrected by the separate, audited edit.
    mutationFn: (v: { ano: number; valor: number; norma: string }) =>
      item ? editarSalarioMinimo(v.ano, { valor: v.valor, norma: v.norma }) : registrarSalarioMinimo(v),
    onSuccess: (res) => onSaved(res.message),
    onError: (err) => void alerts.error(errorMessage(err)),
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    // Pesos may be typed with thousands dots ('1.750.905'): only the digits count.
    const digits = valor.replace(/[.\s$]/g, '');
    const a = salarioMinimoParams.safeParse({ ano: ano.trim() === '' ? undefined : ano.trim() });
    const b = salarioMinimoBody.safeParse({
      valor: /^\d+$/.test(digits) ? Number(digits) : undefined,
      norma,
    });
    const issue = (field: string) =>
      b.success ? undefined : b.error.issues.find((i) => i.path[0] === field)?.message;
    const next = {
      ano: a.success ? undefined : MSG.salarioAnoInvalido,
      valor: issue('valor'),
      norma: issue('norma'),
    };
    setErrors(next);
    if (!a.success || !b.success) return;
    save.mutate({ ano: a.data.ano, ...b.data });
  };

  return (
    <Dialog
      visible
      onHide={onHide}
      header={item ? MSG.salarioEditar : MSG.salarioNuevo}
      className="brand-dialog maestra-dialog"
      style={{ width: 'min(480px, 96vw)' }}
      draggable={false}
      resizable={false}
    >
      <form onSubmit={submit} noValidate data-testid="salario-form">
        <Field id="salario-ano" label={MSG.salarioColAno} error={errors.ano}>
          <InputText
            id="salario-ano"
            value={ano}
            inputMode="numeric"
            maxLength={4}
            disabled={!!item}
            invalid={!!errors.ano}
            onChange={(e) => setAno(e.target.value)}
            data-testid="salario-ano"
          />
        </Field>
        <Field id="salario-valor" label={MSG.salarioColValor} error={errors.valor}>
          <InputText
            id="salario-valor"
            value={valor}
            inputMode="numeric"
            maxLength={16}
            invalid={!!errors.valor}
            onChange={(e) => setValor(e.target.value)}
            data-testid="salario-valor"
          />
        </Field>
        <Field id="salario-norma" label={MSG.salarioColNorma} error={errors.norma}>
          <InputText
            id="salario-norma"
            value={norma}
            maxLength={200}
            invalid={!!errors.norma}
            onChange={(e) => setNorma(e.target.value)}
            data-testid="salario-norma"
          />
        </Field>
        <div className="form-actions">
          <Button type="button" label={MSG.adminCancel} outlined onClick={onHide} />
          <Button
            type="submit"
            label={MSG.saveButton}
            icon="pi pi-save"
            loading={save.isPending}
            data-testid="salario-guardar"
          />
        </div>
      </form>
    </Dialog>
  );
}
