import { createDataExport, type DataExportDeps } from './data-export.ts';
import { createDeleteAccount, type DeleteAccountDeps } from './delete-account.ts';
import { loadDeletionPlan } from './deletion-plan.ts';
import { presentDeletionPreview } from './presenter.ts';

/** The account's own use cases (issue 28): the preview of a deletion, the deletion, the data export. */
export function createAccountService(deps: DeleteAccountDeps & DataExportDeps) {
  const { account, secondFactor } = deps;
  return {
    async deletionPreview(userId: number) {
      const [plan, isSecondFactorRequired] = await Promise.all([
        loadDeletionPlan(account, userId),
        secondFactor.isEnabled(userId),
      ]);
      return presentDeletionPreview(plan, isSecondFactorRequired);
    },
    deleteAccount: createDeleteAccount(deps),
    exportData: createDataExport(deps),
  };
}

export type AccountService = ReturnType<typeof createAccountService>;
