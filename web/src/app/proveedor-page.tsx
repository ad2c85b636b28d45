import { MSG } from '@proveedores/domain';

/** 'proveedor' (docs/contract.md, Screens and routes): a placeholder page that shows only its stub text. */
export function ProveedorPage() {
  return (
    <section className="page">
      <p data-testid="proveedor-stub">{MSG.proveedorStub}</p>
    </section>
  );
}
