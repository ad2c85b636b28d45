import { describe, expect, it } from 'vitest';
import type { HistoryNode } from '@proveedores/domain';
import { fileIcon, folderKeys, isCommentLeaf, isFolder, registroLegible, toTreeNodes } from './tree-nodes';

const node = (over: Partial<HistoryNode> & Pick<HistoryNode, 'nombre'>): HistoryNode => ({
  registro: '',
  urllink: '',
  urllinkext: '',
  comentario: '',
  idregistro: 0,
  estadoflujo: 0,
  motivorechazo: '',
  renovacion: 0,
  vigencia: '',
  contenido: [],
  ...over,
});

const file = node({
  nombre: 'acta.pdf',
  registro: '2026-01-05 Ana',
  idregistro: 41,
  urllink: '/api/adminflujos/adjunto/41',
});
const external = node({ nombre: 'enlace', idregistro: 42, urllinkext: 'https://ejemplo.co/doc' });
const comment = node({
  nombre: 'Comentario',
  registro: '2026-01-06 Luis',
  idregistro: 43,
  comentario: 'sin archivo',
});
const emptySlot = node({ nombre: 'Matriz de riesgos' });
const tree: HistoryNode[] = [
  node({
    nombre: 'SG-SST',
    contenido: [node({ nombre: 'Política', contenido: [file, comment] }), emptySlot],
  }),
  node({ nombre: 'Ingreso de Personal', contenido: [external] }),
];

describe('isFolder and isCommentLeaf', () => {
  it('tells folders, files, links and comment-only submissions apart', () => {
    expect(isFolder(tree[0])).toBe(true);
    expect(isFolder(emptySlot)).toBe(true); // an evidence slot without submissions
    expect(isFolder(file)).toBe(false);
    expect(isFolder(external)).toBe(false);
    expect(isFolder(comment)).toBe(false);
    expect([file, external, comment, emptySlot].map(isCommentLeaf)).toEqual([false, false, true, false]);
  });
});

describe('toTreeNodes', () => {
  it('keys nodes by index path, labels them with name and registro, leaves without children', () => {
    const nodes = toTreeNodes(tree);
    expect(nodes.map((n) => n.key)).toEqual(['0', '1']);
    const politica = nodes[0].children?.[0];
    expect(politica?.key).toBe('0-0');
    expect(politica?.children?.map((n) => [n.key, n.label, n.leaf, n.children])).toEqual([
      ['0-0-0', 'acta.pdf 05/01/2026 Ana', true, undefined],
      ['0-0-1', 'Comentario 06/01/2026 Luis', true, undefined],
    ]);
    // An empty slot is a folder for the user but has nothing to expand.
    expect(nodes[0].children?.[1]).toMatchObject({ key: '0-1', label: 'Matriz de riesgos', leaf: true });
    expect(nodes[1].children?.[0]).toMatchObject({ key: '1-0', data: external });
  });

  it("gives 'Expandir todo' every node that has children, and nothing else", () => {
    expect(folderKeys(toTreeNodes(tree))).toEqual({ '0': true, '0-0': true, '1': true });
    expect(folderKeys(toTreeNodes([file, emptySlot]))).toEqual({});
  });
});

describe('fileIcon', () => {
  it.each([
    ['Informe.PDF', 'pi pi-file-pdf'],
    ['nomina.xlsx', 'pi pi-file-excel'],
    ['datos.csv', 'pi pi-file-excel'],
    ['carta.docx', 'pi pi-file-word'],
    ['foto.final.JPEG', 'pi pi-image'],
    ['sin-extension', 'pi pi-file'],
    ['archivo.pdf.exe', 'pi pi-file'],
  ])('%s -> %s', (name, icon) => {
    expect(fileIcon(name)).toBe(icon);
  });
});

describe('registroLegible', () => {
  it("reads the registro's date as dd/mm/aaaa and leaves anything else alone (decision 092)", () => {
    expect(registroLegible('2026-11-23 23:57 - MARIA FERNANDA GOMEZ')).toBe(
      '23/11/2026 23:57 - MARIA FERNANDA GOMEZ',
    );
    expect(registroLegible('')).toBe('');
    expect(registroLegible('sin fecha')).toBe('sin fecha');
  });
});
