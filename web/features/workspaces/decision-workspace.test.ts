import { describe, expect, it } from 'vitest';
import { workspaceOf } from './decision-workspace.ts';

describe('workspaceOf', () => {
  it('reads a list item’s and a details’ workspace', () => {
    expect(workspaceOf({ id: 1, workspace: { id: 4, name: 'Marketing' } })).toEqual({
      id: 4,
      name: 'Marketing',
    });
    expect(workspaceOf({ decision: { workspace: { id: 5, name: 'Sales' } } })).toEqual({
      id: 5,
      name: 'Sales',
    });
  });

  it('is null outside a workspace or for anything malformed', () => {
    expect(workspaceOf({ workspace: null })).toBeNull();
    expect(workspaceOf({})).toBeNull();
    expect(workspaceOf(null)).toBeNull();
    expect(workspaceOf({ workspace: { id: '4', name: 'x' } })).toBeNull();
  });
});
