/** A decision's workspace as the API gives it (issue 29): `{ id, name }`, or null outside any. */
export interface DecisionWorkspace {
  id: number;
  name: string;
}

function asWorkspace(value: unknown): DecisionWorkspace | null {
  if (typeof value !== 'object' || value === null) return null;
  const { id, name } = value as Record<string, unknown>;
  return typeof id === 'number' && typeof name === 'string' ? { id, name } : null;
}

/**
 * The workspace of a list item, a decision or a decision's details (where it may stand beside or
 * inside `decision`); null when there is none or the server does not say.
 */
export function workspaceOf(source: object | null | undefined): DecisionWorkspace | null {
  if (!source) return null;
  const record = source as Record<string, unknown>;
  return (
    asWorkspace(record.workspace) ??
    asWorkspace((record.decision as Record<string, unknown> | undefined)?.workspace)
  );
}
