import '../history.css';
import { useEffect, useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Button } from 'primereact/button';
import { ProgressSpinner } from 'primereact/progressspinner';
import { Tree, type TreeExpandedKeysType } from 'primereact/tree';
import { historyType, MSG, type HistoryNode } from '@proveedores/domain';
import { ApiError, errorMessage } from '@/lib/api-client';
import { openFile } from '@/lib/download';
import { showToast } from '@/lib/toast';
import { PATHS } from '@/lib/paths';
import { useContract } from '@/lib/session';
import { historyTreeQueryOptions } from '../api/history';
import { CommentDialog } from '../components/comment-dialog';
import { HistoryNodeRow } from '../components/history-node';
import { folderKeys, isCommentLeaf, isFolder, toTreeNodes } from '../components/tree-nodes';

/**
 * 'historial' (the history screen): query parameters model (sg-sst | sg-personal | g-riesgo |
 * g-retenido), optional ident (worker) and contrato (else the chosen contract, for the modules that
 * take one). Title 'Historial' plus the model in upper case; a folder tree; a leaf opens its file in a
 * new tab, a comment leaf opens the 'Comentario' modal. Failures: 401 ends the session (api-client);
 * anything else is logged (docs/contract.md, Error catalogue).
 */
export function HistoryPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const contract = useContract();
  const model = historyType.safeParse(params.get('model') ?? '');
  const ident = params.get('ident')?.trim() || undefined;
  const contratoParam = Number(params.get('contrato'));
  const contrato = Number.isInteger(contratoParam) && contratoParam > 0 ? contratoParam : contract?.id;

  const query = useQuery({
    ...historyTreeQueryOptions({ model: model.success ? model.data : 'sg-sst', ident, contrato }),
    enabled: model.success,
  });
  const nodes = useMemo(() => toTreeNodes(query.data ?? []), [query.data]);
  const [expandedKeys, setExpandedKeys] = useState<TreeExpandedKeysType>({});
  const [comment, setComment] = useState<string | null>(null);

  useEffect(() => {
    if (query.error && !(query.error instanceof ApiError && query.error.status === 401)) {
      console.error('historial:', query.error);
    }
  }, [query.error]);

  // One top-level folder (a single contract or worker): open it, there is nothing else to choose.
  useEffect(() => {
    if (nodes.length === 1 && nodes[0]?.children?.length) setExpandedKeys({ [String(nodes[0].key)]: true });
  }, [nodes]);

  const openLeaf = (n: HistoryNode) => {
    if (isCommentLeaf(n)) {
      setComment(n.comentario);
      return;
    }
    // The external link if present, otherwise the attachment through its ticket (docs/decisions/166).
    openFile(n.urllinkext || n.urllink).catch((err: unknown) =>
      showToast({ severity: 'error', summary: errorMessage(err) }),
    );
  };

  const title = `${MSG.pageHistorial} ${(params.get('model') ?? '').toUpperCase()}`.trim();

  return (
    <section className="page history-page" aria-labelledby="history-title">
      <div className="page-header">
        <h1 id="history-title" data-testid="history-title">
          {title}
        </h1>
        <div className="page-actions">
          <Button
            type="button"
            icon="pi pi-arrow-left"
            label={MSG.back}
            outlined
            size="small"
            onClick={() => void navigate(-1)}
          />
          <Link to={PATHS.home} className="p-button p-button-outlined p-button-sm">
            <i className="pi pi-home" aria-hidden="true" />
            <span>{MSG.goHome}</span>
          </Link>
        </div>
      </div>
      <div className="card">
        {!model.success ? (
          <p className="muted">{MSG.historyTypeInvalid}</p>
        ) : query.isPending ? (
          <div className="loading-block" role="status">
            <ProgressSpinner style={{ width: '2.5rem', height: '2.5rem' }} strokeWidth="5" />
            <span>{MSG.loading}</span>
          </div>
        ) : query.isError ? (
          <p className="muted">{MSG.couldNotLoad}</p>
        ) : (
          <>
            <div className="hist-toolbar">
              <Button
                type="button"
                label={MSG.historyExpandAll}
                icon="pi pi-plus"
                text
                size="small"
                onClick={() => setExpandedKeys(folderKeys(nodes))}
              />
              <Button
                type="button"
                label={MSG.historyCollapseAll}
                icon="pi pi-minus"
                text
                size="small"
                onClick={() => setExpandedKeys({})}
              />
            </div>
            <Tree
              value={nodes}
              className="history-tree"
              filter
              filterMode="lenient"
              filterPlaceholder={MSG.listSearch}
              emptyMessage={MSG.historyEmpty}
              expandedKeys={expandedKeys}
              onToggle={(e) => setExpandedKeys(e.value)}
              selectionMode="single"
              selectionKeys={null}
              onSelect={(e) => {
                const key = String(e.node.key);
                const data = e.node.data as HistoryNode;
                if (isFolder(data)) {
                  if (e.node.leaf) return; // a requirement never handed in: nothing to open
                  // Presence of the key means open (PrimeReact): remove it to close.
                  setExpandedKeys((k) => {
                    const next = { ...k };
                    if (key in next) delete next[key];
                    else next[key] = true;
                    return next;
                  });
                } else openLeaf(data);
              }}
              togglerTemplate={(node, options) => {
                const open = String(node.key) in expandedKeys;
                return (
                  <button
                    type="button"
                    className={options.containerClassName}
                    tabIndex={-1}
                    onClick={options.onClick}
                    aria-label={`${open ? MSG.historyCollapse : MSG.historyExpand}: ${(node.data as HistoryNode).nombre}`}
                  >
                    <i className={`pi ${open ? 'pi-chevron-down' : 'pi-chevron-right'}`} aria-hidden="true" />
                  </button>
                );
              }}
              nodeTemplate={(node) => (
                <HistoryNodeRow node={node} expanded={String(node.key) in expandedKeys} />
              )}
            />
          </>
        )}
      </div>
      <CommentDialog comment={comment} onHide={() => setComment(null)} />
    </section>
  );
}
