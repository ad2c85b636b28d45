import { useState } from 'react';
import { Button } from 'primereact/button';
import { MSG } from '@proveedores/domain';
import { alerts } from '@/lib/alerts';
import { errorMessage } from '@/lib/api-client';
import { downloadComplianceExcel } from '../api/compliance';

/** 'Descargar EXCEL' of the compliance view (all companies, or one). */
export function ExcelButton({ empresaId }: { empresaId?: number }) {
  const [busy, setBusy] = useState(false);
  const onClick = async () => {
    setBusy(true);
    try {
      await downloadComplianceExcel(empresaId);
    } catch (err) {
      void alerts.errorWithDetail(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      type="button"
      label={MSG.complianceDownloadExcel}
      icon="pi pi-file-excel"
      size="small"
      loading={busy}
      onClick={() => void onClick()}
      data-testid="compliance-excel"
    />
  );
}
