import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LiveEvent } from '../../lib/live-events.ts';

// Issue 29: a `workspace-changed` event refreshes the workspaces list, that workspace and the dashboard.
let deliver: (event: LiveEvent) => void = () => undefined;
vi.mock('../../lib/live-events.ts', () => ({
  connectLiveEvents: ({ onEvent }: { onEvent: (event: LiveEvent) => void }) => {
    deliver = onEvent;
    return () => undefined;
  },
}));

const { queryClient } = await import('../../lib/query-client.ts');
const { startLiveSync } = await import('./live-sync.ts');

afterEach(() => vi.restoreAllMocks());

function invalidatedKeys(event: LiveEvent): unknown[] {
  const invalidate = vi.spyOn(queryClient, 'invalidateQueries').mockResolvedValue();
  const stop = startLiveSync('token', () => undefined);
  deliver(event);
  stop();
  return invalidate.mock.calls.map(([filters]) => filters?.queryKey);
}

describe('live sync of workspaces', () => {
  it('refreshes the list, the workspace’s page and sets, and the decision lists', () => {
    expect(invalidatedKeys({ type: 'workspace-changed', data: { workspace_id: 7 } })).toEqual([
      ['workspaces', 'list'],
      ['workspaces', 'details', 7],
      ['workspaces', 'criteria-sets', 7],
      ['decisions', 'list'],
    ]);
  });

  it('ignores an event without a workspace id', () => {
    expect(invalidatedKeys({ type: 'workspace-changed', data: { workspace_id: 'x' } })).toEqual([]);
    expect(invalidatedKeys({ type: 'workspace-changed', data: null })).toEqual([]);
  });
});
