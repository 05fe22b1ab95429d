import { describe, expect, it } from 'vitest';
import {
  createRequestFrom,
  emptyNewTeamDecision,
  preselectedWorkspaceId,
  withTemplate,
  workspaceOptionsOf,
} from './new-team-decision-model.ts';

// Issue 29: the new team decision's "Workspace" select and a workspace's shared criteria set.
const workspaces = [
  { id: 1, name: 'Marketing', role: 'owner', member_count: 7 },
  { id: 2, name: 'Book club', role: 'member', member_count: 12 },
  { id: 3, name: 'Sales', role: 'admin', member_count: 3 },
];

describe('the workspace select of a new team decision', () => {
  it('offers only workspaces where the caller is owner or admin', () => {
    expect(workspaceOptionsOf(workspaces)).toEqual([
      { id: 1, name: 'Marketing', member_count: 7 },
      { id: 3, name: 'Sales', member_count: 3 },
    ]);
    expect(workspaceOptionsOf(undefined)).toEqual([]);
  });

  it('preselects the switcher’s workspace only where the caller may create decisions', () => {
    const options = workspaceOptionsOf(workspaces);
    expect(preselectedWorkspaceId(3, options)).toBe(3);
    expect(preselectedWorkspaceId(2, options)).toBeNull();
    expect(preselectedWorkspaceId(99, options)).toBeNull();
    expect(preselectedWorkspaceId('personal', options)).toBeNull();
  });
});

describe('a shared criteria set in the new team decision form', () => {
  it('replaces the criteria with weights, must-haves and anchors and keeps title, description and options', () => {
    const values = emptyNewTeamDecision();
    values.name = 'Q3 vendor';
    values.description = 'Which CRM';
    values.options = [
      { key: 'a', name: 'Acme' },
      { key: 'b', name: 'Globex' },
    ];
    const filled = withTemplate(values, {
      name: 'Vendor set',
      description: '',
      options: [],
      criteriaOnly: true,
      criteria: [
        { name: 'Price', weight: 70, minimum: 3, anchors: { low: 'expensive', high: 'cheap' } },
        { name: 'Support', weight: 30, minimum: null, anchors: { low: '', high: '' } },
      ],
    });
    expect(createRequestFrom(filled)).toMatchObject({
      name: 'Q3 vendor',
      description: 'Which CRM',
      options: [{ name: 'Acme' }, { name: 'Globex' }],
      criteria: [
        { name: 'Price', importance: 70, minimum: 3, anchors: { low: 'expensive', high: 'cheap' } },
        { name: 'Support', importance: 30, minimum: null, anchors: null },
      ],
    });
  });
});
