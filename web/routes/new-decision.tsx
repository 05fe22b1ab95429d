import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { CreateDecisionRequest } from '../../shared/api/decisions.ts';
import { PageHeader } from '../components/ui/PageHeader.tsx';
import { serverMessageOf } from '../lib/api-client.ts';
import { useAuthStore } from '../lib/auth-store.ts';
import { notify } from '../lib/notify.ts';
import { emptyDecisionForm } from '../features/decisions/decision-form-model.ts';
import { useCreateDecision } from '../features/decisions/decisions-api.ts';
import { DecisionForm } from '../features/decisions/DecisionForm.tsx';
import { SpreadsheetImport } from '../features/decision-import/SpreadsheetImport.tsx';

export default function NewDecisionPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const create = useCreateDecision();
  const [initialValues] = useState(emptyDecisionForm);

  async function save(request: CreateDecisionRequest) {
    if (!useAuthStore.getState().token) {
      notify('error', t('decisionForm.noToken'));
      return;
    }
    try {
      const decision = await create.mutateAsync(request);
      await navigate(`/decision/${decision.id}`);
    } catch (error) {
      notify(
        'error',
        t('decisionForm.saveError', { message: serverMessageOf(error) ?? t('decisionForm.createFailed') }),
      );
      throw error;
    }
  }

  return (
    <>
      <PageHeader title={t('pages.newDecision')} lead={t('decisionForm.newLead')} />
      <SpreadsheetImport target="personal" />
      <DecisionForm
        initialValues={initialValues}
        submitLabel={t('decisionForm.save')}
        cancelTo="/dashboard"
        isGuided
        onSubmit={save}
        draftAddress={{ page: 'new-decision' }}
      />
    </>
  );
}
