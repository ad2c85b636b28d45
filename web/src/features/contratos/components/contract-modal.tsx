import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { isStaff, MSG, type Contrato } from '@proveedores/domain';
import { isListEscape } from '@/app/overlay-escape';
import { errorMessage } from '@/lib/api-client';
import { onContractModalRequest } from '@/lib/contract-modal';
import { PATHS } from '@/lib/paths';
import { saveContract, useContract, useSession } from '@/lib/session';
import { contractsQueryOptions, toStoredContract } from '../api/contracts';
import { ContractForm } from './contract-form';
import { ContractSelect } from './contract-select';
import '../contracts.css';

export type ContractModalProps = { visible: boolean; onHide: () => void };

/**
 * The contract modal, opened by the shell's 'Proyecto' link (or by any page through
 * `openContractModal()`). Select mode lists the company's contracts; new mode registers one.
 *
 * Contract selection choices made here (docs/contract.md, States and transitions), for contractors only
 * (staff have no contracts):
 * - exactly one contract and none stored: it is chosen automatically;
 * - several (or none) and none stored: on the home, the modal opens by itself once per visit, so a
 *   contractor picks the project before working (not while a temporary password must be changed
 *   first, and not over another page the user went to directly);
 * - choosing stores the contract and its descriptions, closes the modal and goes to home;
 * - going to another address (back button, a typed URL) closes the modal.
 */
export function ContractModal({ visible, onHide }: ContractModalProps) {
  const session = useSession();
  const isContractor = !!session && !isStaff(session.claims.typeuser);
  const mustChangePassword = session?.claims.changepassword === 'true';
  const stored = useContract();
  const navigate = useNavigate();
  const location = useLocation();
  const onHome = location.pathname === PATHS.home;
  const contracts = useQuery({ ...contractsQueryOptions(), enabled: isContractor });
  const [requested, setRequested] = useState(false);
  const [mode, setMode] = useState<'select' | 'new'>('select');
  const [preselectId, setPreselectId] = useState<number | null>(null);
  const prompted = useRef(false);
  const open = isContractor && (visible || requested);

  useEffect(() => onContractModalRequest(() => setRequested(true)), []);

  const close = () => {
    setRequested(false);
    setMode('select');
    setPreselectId(null);
    onHide();
  };

  const choose = (c: Contrato) => {
    saveContract(toStoredContract(c));
    close();
    void navigate(PATHS.home);
  };

  // Effect events: they read the latest `open` and `onHide` without making the effects below re-run
  // when the modal opens or closes (only the data and the address matter there).
  const closeAndGoHome = useEffectEvent(() => {
    if (!open) return;
    close();
    void navigate(PATHS.home);
  });
  const closeIfOpen = useEffectEvent(() => {
    if (open) close();
  });

  useEffect(() => {
    const list = contracts.data;
    if (!isContractor || !list) return;
    if (stored && list.some((c) => c.id === stored.id)) return;
    if (list.length === 1) {
      saveContract(toStoredContract(list[0]));
      closeAndGoHome();
      return;
    }
    if (!prompted.current && !mustChangePassword && onHome) {
      prompted.current = true;
      setRequested(true);
    }
  }, [contracts.data, stored, isContractor, mustChangePassword, onHome]);

  const lastKey = useRef(location.key);
  useEffect(() => {
    if (lastKey.current === location.key) return;
    lastKey.current = location.key;
    closeIfOpen();
  }, [location.key]);

  const list = contracts.data ?? [];
  const effectiveMode = contracts.data && list.length === 0 ? 'new' : mode;

  let body;
  if (contracts.isPending) {
    body = (
      <p className="contract-loading" role="status">
        <i className="pi pi-spin pi-spinner" aria-hidden="true" /> {MSG.loading}
      </p>
    );
  } else if (contracts.isError) {
    body = (
      <div className="contract-select">
        <p className="field-error" role="alert">
          {errorMessage(contracts.error)}
        </p>
        <Button type="button" label={MSG.retry} outlined onClick={() => void contracts.refetch()} />
      </div>
    );
  } else if (effectiveMode === 'new') {
    body = (
      <ContractForm
        onCreated={(id) => {
          setPreselectId(id);
          setMode('select');
        }}
        onBack={list.length > 0 ? () => setMode('select') : undefined}
      />
    );
  } else {
    body = (
      <ContractSelect
        contracts={list}
        initialId={preselectId ?? stored?.id ?? null}
        onChoose={choose}
        onNew={() => setMode('new')}
      />
    );
  }

  return (
    <Dialog
      header={effectiveMode === 'new' ? MSG.contractNewTitle : MSG.contractModalTitle}
      visible={open}
      // Esc on an open list closes the list only (decision 102).
      onHide={(e?: unknown) => {
        if (!isListEscape(e)) close();
      }}
      className="brand-dialog contract-modal"
      style={{ width: '36rem' }}
      breakpoints={{ '640px': '96vw' }}
      draggable={false}
      resizable={false}
      data-testid="contract-modal"
    >
      {body}
    </Dialog>
  );
}
