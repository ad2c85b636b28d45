import { act, createElement } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { MSG } from '@proveedores/domain';
import { maestrasQueryOptions } from '../api/contracts';
import { ContractForm } from './contract-form';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const item = (id: number, descripcion: string) => ({ id, descripcion });
let cleanup: (() => Promise<void>) | undefined;
afterEach(async () => {
  await cleanup?.();
  cleanup = undefined;
});

async function renderForm() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  client.setQueryData(maestrasQueryOptions().queryKey, {
    regionales: [item(1, 'Norte')],
    proyectos: [item(2, 'Torres del Parque')],
    actividad: [item(3, 'Obra gris')],
    tipoContrato: [item(4, 'Obra')],
  });
  const host = document.body.appendChild(document.createElement('div'));
  const root = createRoot(host);
  await act(() =>
    root.render(
      createElement(QueryClientProvider, {
        client,
        children: createElement(ContractForm, { onCreated: () => undefined }),
      }),
    ),
  );
  cleanup = async () => {
    await act(() => root.unmount());
    host.remove();
  };
  return host;
}

const errorOf = (host: HTMLElement, field: string) =>
  host.querySelector(`[data-testid="contract-${field}-error"]`)?.textContent ?? null;

describe('the new-contract form', () => {
  it('names every empty required field under it at once, tied to its control', async () => {
    const host = await renderForm();
    await act(async () => {
      host.querySelector<HTMLButtonElement>('[data-testid="contract-send"]')!.click();
      await Promise.resolve();
    });
    expect(errorOf(host, 'objeto')).toBe(MSG.contractDescriptionRequired);
    expect(errorOf(host, 'proyecto')).toBe(MSG.contractProjectRequired);
    expect(errorOf(host, 'actividad')).toBe(MSG.contractActivityRequired);
    expect(errorOf(host, 'tipo')).toBe(MSG.contractTypeRequired);
    expect(errorOf(host, 'regional')).toBeNull();
    const objeto = host.querySelector('#contract-objeto')!;
    expect(objeto.getAttribute('aria-invalid')).toBe('true');
    expect(objeto.getAttribute('aria-describedby')).toBe('contract-objeto-error');
    expect(host.querySelector('#contract-proyecto')!.getAttribute('aria-describedby')).toBe(
      'contract-proyecto-error',
    );
  });

  it("a field's message goes as soon as it gets a value; the others stay", async () => {
    const host = await renderForm();
    await act(async () => {
      host.querySelector<HTMLButtonElement>('[data-testid="contract-send"]')!.click();
      await Promise.resolve();
    });
    const objeto = host.querySelector<HTMLTextAreaElement>('#contract-objeto')!;
    await act(async () => {
      const setter = Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')!.set!;
      setter.call(objeto, 'Montaje de estructura metálica');
      objeto.dispatchEvent(new Event('input', { bubbles: true }));
      await Promise.resolve();
    });
    expect(errorOf(host, 'objeto')).toBeNull();
    expect(objeto.getAttribute('aria-invalid')).toBeNull();
    expect(errorOf(host, 'proyecto')).toBe(MSG.contractProjectRequired);
  });
});
