import type { TreeNode } from 'primereact/treenode';
import type { HistoryNode } from '@proveedores/domain';

/** A history node is a folder when it has children or is an evidence slot without submissions. */
export function isFolder(node: HistoryNode): boolean {
  return node.contenido.length > 0 || (node.idregistro === 0 && !node.urllink && !node.urllinkext);
}

/** A leaf without a file: a comment-only submission (opens the 'Comentario' modal). */
export function isCommentLeaf(node: HistoryNode): boolean {
  return !isFolder(node) && !node.urllink && !node.urllinkext;
}

/**
 * The registro of a node ('YYYY-MM-DD HH:MM - NAME', already Colombian time; decision 050) as people
 * read dates: 'dd/mm/aaaa HH:MM - NAME' (decision 092). Anything else is left as it came.
 */
export function registroLegible(registro: string): string {
  return registro.replace(/^(\d{4})-(\d{2})-(\d{2})/, '$3/$2/$1');
}

/**
 * PrimeReact tree nodes; keys are index paths ('0-3-1'). The label carries name and registro so
 * the tree's search finds a document by its name, its date or who uploaded it.
 */
export function toTreeNodes(nodes: HistoryNode[], prefix = ''): TreeNode[] {
  return nodes.map((n, i) => {
    const key = prefix ? `${prefix}-${i}` : String(i);
    // An evidence slot without submissions is a folder with nothing inside: no toggler for it.
    const hasChildren = n.contenido.length > 0;
    return {
      key,
      label: `${n.nombre} ${registroLegible(n.registro)}`.trim(),
      data: n,
      leaf: !hasChildren,
      children: hasChildren ? toTreeNodes(n.contenido, key) : undefined,
    };
  });
}

/** Keys of every folder (for 'Expandir todo'). */
export function folderKeys(nodes: TreeNode[], out: Record<string, boolean> = {}): Record<string, boolean> {
  for (const n of nodes) {
    if (n.children && n.children.length > 0) {
      out[String(n.key)] = true;
      folderKeys(n.children, out);
    }
  }
  return out;
}

/** File icon by the name's extension (primeicons). */
export function fileIcon(nombre: string): string {
  const ext = nombre.toLowerCase().split('.').pop() ?? '';
  if (ext === 'pdf') return 'pi pi-file-pdf';
  if (ext === 'xls' || ext === 'xlsx' || ext === 'csv') return 'pi pi-file-excel';
  if (ext === 'doc' || ext === 'docx') return 'pi pi-file-word';
  if (['png', 'jpg', 'jpeg', 'gif', 'webp'].includes(ext)) return 'pi pi-image';
  return 'pi pi-file';
}
