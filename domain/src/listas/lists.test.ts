import { describe, expect, it } from 'vitest';
import {
  classifyCell,
  fileViewerTarget,
  linkCell,
  listQueryString,
  parseLinkCell,
  parseListQuery,
  safeText,
} from './lists';
import { MSG } from '../messages';

describe('parseListQuery', () => {
  it('reads paging, sorting, search, filters and table parameters', () => {
    const r = parseListQuery({
      page: '2',
      size: '25',
      sort: 'estado',
      order: 'DESC',
      q: ' rut ',
      f_estado: 'apro',
      f_vacio: '',
      path: 'sg-sst',
    });
    expect(r).toEqual({
      ok: true,
      value: {
        page: 2,
        size: 25,
        sort: 'estado',
        order: 'desc',
        q: 'rut',
        filters: { estado: 'apro' },
        params: { path: 'sg-sst' },
      },
    });
    expect(parseListQuery({})).toMatchObject({
      ok: true,
      value: { page: 1, size: 10, sort: null, order: null },
    });
  });

  it('refuses arrays, objects, over-long values and bad numbers', () => {
    expect(parseListQuery({ q: ['a', 'b'] })).toEqual({ ok: false, message: MSG.listParamRepeated('q') });
    expect(parseListQuery({ q: { a: 1 } })).toEqual({ ok: false, message: MSG.listParamInvalid('q') });
    expect(parseListQuery({ q: 'x'.repeat(201) })).toEqual({ ok: false, message: MSG.listValueTooLong('q') });
    expect(parseListQuery({ page: '0' })).toEqual({ ok: false, message: MSG.listPageInvalid });
    expect(parseListQuery({ page: '1e3' })).toEqual({ ok: false, message: MSG.listPageInvalid });
    expect(parseListQuery({ size: '15' })).toEqual({ ok: false, message: MSG.listSizeInvalid });
    expect(parseListQuery({ order: 'up' })).toEqual({ ok: false, message: MSG.listOrderInvalid });
  });

  it('keeps names of Object.prototype as ordinary filter and parameter names', () => {
    const parsed = parseListQuery(
      Object.fromEntries([
        ['f___proto__', 'x'],
        ['f_constructor', 'y'],
        ['__proto__', 'z'],
        ['toString', 'w'],
      ]),
    );
    expect(parsed.ok && Object.keys(parsed.value.filters)).toEqual(['__proto__', 'constructor']);
    expect(parsed.ok && Object.keys(parsed.value.params)).toEqual(['__proto__', 'toString']);
  });

  it('round-trips through listQueryString', () => {
    const qs = listQueryString({
      page: 3,
      size: 20,
      sort: 'fechacarga',
      order: 'asc',
      q: '100%',
      filters: { estado: 'Apro' },
      params: { path: 'g-riesgo' },
    });
    const back = parseListQuery(Object.fromEntries(new URLSearchParams(qs.slice(1))));
    expect(back).toEqual({
      ok: true,
      value: {
        page: 3,
        size: 20,
        sort: 'fechacarga',
        order: 'asc',
        q: '100%',
        filters: { estado: 'Apro' },
        params: { path: 'g-riesgo' },
      },
    });
  });
});

describe('cells', () => {
  it('classifies links, colour swatches and text as the client does', () => {
    expect(classifyCell('editar|#/admin/empresas/1|c|Editar')).toBe('link');
    expect(classifyCell('#a1d81a')).toBe('color');
    expect(classifyCell('Aprobado')).toBe('text');
  });

  it('keeps user text from turning into links, swatches or extra link parts', () => {
    expect(classifyCell(safeText('ver #/admin'))).toBe('text');
    expect(classifyCell(safeText('Factura #12'))).toBe('text');
    const cell = linkCell({
      action: 'fa fa-file',
      target: fileViewerTarget('a|b #1.pdf', '/api/adminflujos/adjunto/7'),
      className: 'x',
      text: 'a|b #1.pdf',
    });
    const parsed = parseLinkCell(cell);
    expect(cell.split('|')).toHaveLength(4);
    expect(parsed.text).toBe('a/b \uff031.pdf');
    const params = new URLSearchParams(parsed.target.split('?')[1]);
    expect(params.get('nombre')).toBe('a|b #1.pdf');
    expect(params.get('url')).toBe('/api/adminflujos/adjunto/7');
  });
});
