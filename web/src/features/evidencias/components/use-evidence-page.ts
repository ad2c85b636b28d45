import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useEvidenceModals, type EvidenceTarget } from '@/components/upload';

/** The modals of a page wired to its list: closing or saving reloads the list (invalidation). */
export function useListModals(queryKey: QueryKey, resolve: (key: string) => EvidenceTarget | undefined) {
  const queryClient = useQueryClient();
  return useEvidenceModals(resolve, () => void queryClient.invalidateQueries({ queryKey }));
}
