import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';

/**
 * The contract (docs/contract.md, Screens and routes): navigating to the URL already shown reloads it.
 * react-router gives every navigation a new location key, even to the same URL; when only the key changed,
 * refetch the page's queries and return a new number the shell uses as the outlet's key (the page remounts
 * with fresh state).
 */
export function useReloadOnSameUrl(): number {
  const location = useLocation();
  const queryClient = useQueryClient();
  const previous = useRef(location);
  const [generation, setGeneration] = useState(0);

  useEffect(() => {
    const before = previous.current;
    previous.current = location;
    if (
      before.key !== location.key &&
      before.pathname === location.pathname &&
      before.search === location.search
    ) {
      void queryClient.invalidateQueries({ type: 'active' });
      setGeneration((g) => g + 1);
    }
  }, [location, queryClient]);

  return generation;
}
