import type { AnchorHTMLAttributes, MouseEvent, ReactNode } from 'react';
import { errorMessage } from '@/lib/api-client';
import { fileHref, isAttachmentUrl, openFile } from '@/lib/download';
import { showToast } from '@/lib/toast';

type Props = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href' | 'onClick'> & {
  url: string;
  children: ReactNode;
};

/**
 * A link to a file. Internal attachments open (or, with `download`, save) through a download ticket
 * asked for on click, so no credential sits in the page or the URL (docs/decisions/166); the href
 * is the file's plain address. Other links are ordinary links.
 */
export function FileLink({ url, children, target = '_blank', rel = 'noopener noreferrer', ...rest }: Props) {
  const onClick = (e: MouseEvent<HTMLAnchorElement>) => {
    if (!isAttachmentUrl(url) || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey) return;
    e.preventDefault();
    const download = typeof rest.download === 'string' ? rest.download : undefined;
    openFile(url, { download }).catch((err: unknown) =>
      showToast({ severity: 'error', summary: errorMessage(err) }),
    );
  };
  return (
    <a href={fileHref(url)} target={target} rel={rel} onClick={onClick} {...rest}>
      {children}
    </a>
  );
}
