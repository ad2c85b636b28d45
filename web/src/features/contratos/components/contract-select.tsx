import { useState } from 'react';
import { Button } from 'primereact/button';
import { Dropdown } from 'primereact/dropdown';
import { MSG, type Contrato } from '@proveedores/domain';
import { contractLabel } from '../api/contracts';
import { HIDE_NATIVE_SELECT } from '@/components/hide-native-select';
import { NoHabilitado } from '@/components/no-habilitado';

/**
 * Select mode of the contract modal: the company's contracts shown as 'project -
 * contract type - activity', 'seleccionar', or 'Ingresar uno nuevo'. The object of the contract is
 * shown under each option so two contracts on the same project and activity can be told apart.
 */
export function ContractSelect({
  contracts,
  initialId,
  onChoose,
  onNew,
}: {
  contracts: Contrato[];
  initialId: number | null;
  onChoose: (c: Contrato) => void;
  onNew: () => void;
}) {
  const [chosenId, setChosenId] = useState<number | null>(
    initialId !== null && contracts.some((c) => c.id === initialId) ? initialId : null,
  );
  const [error, setError] = useState('');
  const options = contracts.map((c) => ({ ...c, label: contractLabel(c) }));

  const choose = () => {
    const c = contracts.find((x) => x.id === chosenId);
    if (!c) {
      setError(MSG.contractChooseOne);
      return;
    }
    onChoose(c);
  };

  if (contracts.length === 0) {
    return (
      <div className="contract-select">
        <p className="contract-empty" data-testid="contract-none">
          {MSG.contractNoneYet}
        </p>
        <div className="contract-actions">
          <Button
            label={MSG.contractNewButton}
            icon="pi pi-plus"
            onClick={onNew}
            data-testid="contract-new"
          />
        </div>
      </div>
    );
  }

  return (
    <div className="contract-select">
      <div className="field">
        <label htmlFor="contract-choice">{MSG.contractSelectLabel}</label>
        <Dropdown
          inputId="contract-choice"
          pt={HIDE_NATIVE_SELECT}
          value={chosenId}
          options={options}
          optionLabel="label"
          optionValue="id"
          placeholder={MSG.contractSelectPlaceholder}
          filter={options.length > 8}
          filterBy="label,detalle"
          onChange={(e) => {
            setChosenId((e.value as number | null) ?? null);
            setError('');
          }}
          itemTemplate={(o: (typeof options)[number]) => (
            <div className="contract-option">
              <span>{o.label}</span>
              <small>{o.detalle}</small>
              <NoHabilitado
                habilitacion={o.habilitacion}
                conMotivo={false}
                testId={`no-habilitado-opcion-${o.id}`}
              />
            </div>
          )}
          invalid={!!error}
          className="w-full contract-dropdown"
          data-testid="contract-choice"
        />
        {error && (
          <small className="field-error" role="alert">
            {error}
          </small>
        )}
        <NoHabilitado
          habilitacion={contracts.find((c) => c.id === chosenId)?.habilitacion}
          testId="no-habilitado-elegido"
        />
      </div>
      <div className="contract-actions">
        <Button
          type="button"
          label={MSG.contractNewButton}
          icon="pi pi-plus"
          outlined
          onClick={onNew}
          data-testid="contract-new"
        />
        <Button
          type="button"
          label={MSG.contractSelectButton}
          icon="pi pi-check"
          onClick={choose}
          data-testid="contract-select"
        />
      </div>
    </div>
  );
}
