import { useAuthStore } from '../../lib/auth-store.ts';
import {
  chooseWorkspace,
  resolveChoice,
  useStoredWorkspaceChoice,
  type WorkspaceChoice,
} from './workspace-choice.ts';
import { useWorkspacesQuery } from './workspaces-api.ts';

/** The switcher's choice, checked against the caller's workspaces, and the function that changes it. */
export function useWorkspaceChoice() {
  const userId = useAuthStore((state) => state.user?.id);
  const isLoggedIn = useAuthStore((state) => state.token !== null);
  const workspaces = useWorkspacesQuery({ enabled: isLoggedIn });
  const stored = useStoredWorkspaceChoice(userId);
  const choice = resolveChoice(stored, workspaces.data);
  return {
    choice,
    workspaces: workspaces.data,
    workspacesQuery: workspaces,
    choose: (next: WorkspaceChoice) => chooseWorkspace(userId, next),
  };
}
