import type { TreeNode } from 'primereact/treenode';
import { formatDia, MSG, type HistoryNode } from '@proveedores/domain';
import { EstadoLabel } from '@/components/estado/estado-label';
import { fileIcon, isCommentLeaf, isFolder, registroLegible } from './tree-nodes';

/**
 * One row of the tree (a history tree node of docs/contract.md): folders show their name, the date of their
 * newest submission, the status of the submission that counts and a pending renewal; leaves show
 * name, registro, a file icon and the status label, and, when present, the rejection reason, the
 * validity and the comment.
 */
export function HistoryNodeRow({ node, expanded }: { node: TreeNode; expanded: boolean }) {
  const n = node.data as HistoryNode;
  if (isFolder(n)) {
    return (
      <span className="hist-node hist-folder">
        <i className={`pi ${expanded ? 'pi-folder-open' : 'pi-folder'} hist-icon`} aria-hidden="true" />
        <span className="hist-main">
          <span className="hist-name">{n.nombre}</span>
          {n.registro && <span className="hist-registro">{registroLegible(n.registro)}</span>}
          {n.renovacion > 0 && (
            // The approval in force counts while the renewal awaits review (docs/decisions/164, 170).
            <span className="hist-extra" data-testid="history-renovacion">
              {MSG.renovacionPendiente(formatDia(n.vigencia))}
            </span>
          )}
        </span>
        <EstadoLabel codEstado={n.estadoflujo} testId="history-estado" />
      </span>
    );
  }
  const comment = isCommentLeaf(n);
  return (
    <span className="hist-node hist-leaf" data-testid="history-leaf">
      <i className={`${comment ? 'pi pi-comment' : fileIcon(n.nombre)} hist-icon`} aria-hidden="true" />
      <span className="hist-main">
        <span className="hist-name hist-link">{n.nombre}</span>
        <span className="hist-registro">{registroLegible(n.registro)}</span>
        {n.motivorechazo && <span className="hist-extra">{MSG.historyRejectedBecause(n.motivorechazo)}</span>}
        {n.vigencia && <span className="hist-extra">{MSG.historyValidUntil(formatDia(n.vigencia))}</span>}
        {!comment && n.comentario && <span className="hist-extra hist-comment">{n.comentario}</span>}
      </span>
      <EstadoLabel codEstado={n.estadoflujo} testId="history-estado" />
    </span>
  );
}
