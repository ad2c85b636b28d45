import { useQuery } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { MSG } from '@proveedores/domain';
import { contractsQueryOptions } from '@/lib/contracts-query';
import { NoHabilitado } from '@/components/no-habilitado';
import { openContractModal } from '@/lib/contract-modal';
import { useContract } from '@/lib/session';

/** The chosen contract (project - contract type - activity, upper case) with a way to change it. */
export function CurrentContract() {
  const contract = useContract();
  // The contract list carries 'No habilitado' by the minimum 0312 score (decision 142).
  const contracts = useQuery({ ...contractsQueryOptions(), enabled: !!contract });
  const habilitacion = contracts.data?.find((c) => c.id === contract?.id)?.habilitacion;
  return (
    <div className={`home-contract${contract ? '' : ' missing'}`} data-testid="current-contract">
      <div className="home-contract-text">
        {contract ? (
          <>
            <span className="home-contract-label">{MSG.contractCurrent}</span>
            <strong data-testid="current-contract-name">
              {[contract.proyectoDescripcion, contract.tipoContratoDescripcion, contract.actividadDescripcion]
                .map((s) => s.toLocaleUpperCase('es'))
                .join(' - ')}
            </strong>
            <NoHabilitado habilitacion={habilitacion} testId="current-contract-no-habilitado" />
          </>
        ) : (
          <span>{MSG.selectProjectFirst}</span>
        )}
      </div>
      <Button
        type="button"
        size="small"
        outlined={!!contract}
        icon="pi pi-briefcase"
        label={contract ? MSG.homeChangeContract : MSG.homeChooseContract}
        onClick={openContractModal}
        data-testid="change-contract"
      />
    </div>
  );
}
