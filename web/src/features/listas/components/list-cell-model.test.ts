import { describe, expect, it } from 'vitest';
import { linkCell, safeText } from '@proveedores/domain';
import { cellText, cellView } from './list-cell-model';

describe("cellView (the contract's cell classification)", () => {
  it('shows plain values as text, with the whole value as tooltip past 40 characters', () => {
    expect(cellView('Acme S.A.S.')).toEqual({ kind: 'text', text: 'Acme S.A.S.', title: undefined });
    const long = 'x'.repeat(41);
    expect(cellView(long)).toEqual({ kind: 'text', text: long, title: long });
    expect(cellView('x'.repeat(40))).toMatchObject({ title: undefined });
  });

  it("draws a colour swatch only for a real colour, any other '#' value stays text", () => {
    expect(cellView(' #A1D81A ')).toEqual({ kind: 'swatch', color: '#A1D81A' });
    expect(cellView('#fff')).toEqual({ kind: 'swatch', color: '#fff' });
    expect(cellView('#12345')).toEqual({ kind: 'text', text: '#12345' });
    expect(cellView('Factura #12')).toEqual({ kind: 'text', text: 'Factura #12' });
    expect(cellView('red;background:url(x)#1')).toEqual({ kind: 'text', text: 'red;background:url(x)#1' });
  });

  it('turns the list actions into icon buttons labelled by their text (or the action)', () => {
    expect(cellView('editar|#/empresa/5|text-primary|Editar empresa')).toEqual({
      kind: 'action',
      href: '#/empresa/5',
      title: 'Editar empresa',
      label: 'Editar empresa',
      icon: 'pi pi-pencil',
      className: 'text-primary',
    });
    expect(cellView(' ELIMINAR |#/empresa/5/eliminar||')).toMatchObject({
      kind: 'action',
      title: '',
      label: ' ELIMINAR ',
      icon: 'pi pi-trash',
    });
  });

  it('draws other links with their text, and an icon when the action names one', () => {
    expect(cellView('fa fa-file-pdf-o|#/detalle-archivo?nombre=a.pdf|rojo|a.pdf')).toEqual({
      kind: 'link',
      href: '#/detalle-archivo?nombre=a.pdf',
      title: 'a.pdf',
      text: 'a.pdf',
      icon: 'pi pi-file-pdf',
      className: 'rojo',
    });
    expect(cellView('Ver|#/historial||')).toEqual({
      kind: 'link',
      href: '#/historial',
      title: '',
      text: 'Ver',
      icon: undefined,
      className: '',
    });
    // The text part may itself contain the separator.
    expect(cellView('Ver|#/x||a|b')).toMatchObject({ text: 'a|b' });
  });

  it('never makes a link of a non-web target (javascript:, data:)', () => {
    expect(cellView('Ver|javascript:alert(1)//#/x||clic')).toEqual({ kind: 'text', text: 'clic' });
    expect(cellView('Ver| DATA:text/html,#/x||clic')).toEqual({ kind: 'text', text: 'clic' });
  });

  it('shows text from users as text even when it looks like a link (made safe by the server)', () => {
    const name = 'informe #/admin|x';
    const view = cellView(safeText(name));
    expect(view.kind).toBe('text');
    const cell = cellView(linkCell({ action: 'Ver', target: '#/detalle', className: '', text: name }));
    expect(cell).toMatchObject({ kind: 'link', href: '#/detalle', text: safeText('informe #/admin/x') });
  });
});

describe('cellText (exports)', () => {
  it("exports a link's text and any other value as it is, with '＃' back to '#'", () => {
    expect(cellText(undefined)).toBe('');
    expect(cellText('')).toBe('');
    expect(cellText('Acme')).toBe('Acme');
    expect(cellText('#A1D81A')).toBe('#A1D81A');
    expect(cellText('editar|#/empresa/5||Editar')).toBe('Editar');
    expect(cellText(safeText('Factura #12'))).toBe('Factura #12');
  });
});
