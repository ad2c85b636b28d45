import { Button } from 'primereact/button';
import { MSG } from '@proveedores/domain';
import { downloadComplianceExcel } from '../api/compliance';
import { useSubmit } from '@/lib/use-submit';

/** 'Descargar EXCEL' of the compliance view (all companies, or one). */
export function ExcelButton({ empresaId }: { empresaId?: number }) {
  const { busy, run } = useSubmit();
  const onClick = () => run(() => downloadComplianceExcel(empresaId));
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
