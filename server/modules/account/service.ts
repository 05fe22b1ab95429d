import { createDataExport, type DataExportDeps } from './data-export.ts';
import { createDeleteAccount, type DeleteAccountDeps } from './delete-account.ts';
import { loadDeletionPlan } from './deletion-plan.ts';
import { presentDeletionPreview } from './presenter.ts';
import { loadWorkspacePlan } from './workspace-plan.ts';

/** The account's own use cases (issue 28): the preview of a deletion, the deletion, the data export. */
export function createAccountService(deps: DeleteAccountDeps & DataExportDeps) {
  const { account, secondFactor } = deps;
  return {
    async deletionPreview(userId: number) {
      const [plan, isSecondFactorRequired, workspaces] = await Promise.all([
        loadDeletionPlan(account, userId),
        secondFactor.isEnabled(userId),
        loadWorkspacePlan(deps.workspaces, userId),
      ]);
      return presentDeletionPreview(plan, isSecondFactorRequired, workspaces);
    },
    deleteAccount: createDeleteAccount(deps),
    exportData: createDataExport(deps),
  };
}

export type AccountService = ReturnType<typeof createAccountService>;
