import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router';
import type { CreateDecisionRequest, DecisionDetails } from '../../shared/api/decisions.ts';
import { ButtonLink } from '../components/ui/Button.tsx';
import { ErrorNotice } from '../components/ui/ErrorNotice.tsx';
import { LoadingNotice } from '../components/ui/LoadingNotice.tsx';
import { PageHeader } from '../components/ui/PageHeader.tsx';
import { serverMessageOf } from '../lib/api-client.ts';
import { notify } from '../lib/notify.ts';
import { formValuesOf } from '../features/decisions/decision-form-model.ts';
import { useUpdateDecision } from '../features/decisions/decisions-api.ts';
import { DecisionForm } from '../features/decisions/DecisionForm.tsx';
import { useDecisionPage } from '../features/decisions/useDecisionPage.ts';
import { useFocusCellFromQuery } from '../features/decisions/useFocusCellFromQuery.ts';

export default function EditDecisionPage() {
  const { t } = useTranslation();
  const { decisionId, details, loadError } = useDecisionPage();

  let content;
  if (loadError) content = <ErrorNotice message={loadError} />;
  else if (!details.data) content = <LoadingNotice text={t('details.loading')} />;
  else if (details.data.decision.type === 'team') {
    return <Navigate to={`/team-decision/${decisionId}/edit`} replace />;
  } else if (!details.data.abilities.canEdit) {
    content = (
      <ErrorNotice message={t('editDecision.notAllowed')}>
        <ButtonLink to={`/decision/${decisionId}`} variant="secondary" className="self-start">
          {t('editDecision.backToDetails')}
        </ButtonLink>
      </ErrorNotice>
    );
  } else {
    content = <EditDecisionForm details={details.data} />;
  }

  return (
    <>
      <PageHeader title={t('pages.editDecision')} lead={details.data?.decision.name} />
      {content}
    </>
  );
}

function EditDecisionForm({ details }: { details: DecisionDetails }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { id } = details.decision;
  const update = useUpdateDecision(id);
  // Taken once: a background refetch must not overwrite what the user is typing.
  const [initialValues] = useState(() => formValuesOf(details));
  // "3 cells still empty" on the details page links here with the first empty cell.
  useFocusCellFromQuery();

  async function save(request: CreateDecisionRequest) {
    try {
      await update.mutateAsync(request);
    } catch (error) {
      const message = serverMessageOf(error) ?? t('editDecision.updateFailed');
      notify('error', t('editDecision.saveFailed', { message }));
      throw error;
    }
    notify('success', t('editDecision.updated'));
    await navigate(`/decision/${id}`);
  }

  return (
    <DecisionForm
      initialValues={initialValues}
      submitLabel={t('decisionForm.saveChanges')}
      cancelTo={`/decision/${id}`}
      onSubmit={save}
      draftAddress={{ page: 'edit-decision', decisionId: id }}
    />
  );
}
