import { useQuery } from '@tanstack/react-query';
import type { Operator } from '../../../shared/api/operator.ts';
import { apiRequest } from '../../lib/api-client.ts';

/** Who runs this installation (GET /api/operator); set in the server's environment, so fixed until a restart. */
export function useOperatorQuery() {
  return useQuery({
    queryKey: ['operator'],
    queryFn: () => apiRequest<Operator>('/api/operator'),
    staleTime: Infinity,
  });
}
