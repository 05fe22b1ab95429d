import { useTranslation } from 'react-i18next';
import { ErrorNotice } from '../components/ui/ErrorNotice.tsx';
import { LoadingNotice } from '../components/ui/LoadingNotice.tsx';
import { PageHeader } from '../components/ui/PageHeader.tsx';
import { TextLink } from '../components/ui/TextLink.tsx';
import { useDecisionPage } from '../features/decisions/useDecisionPage.ts';
import { AiEvaluationList } from '../features/evaluation/AiEvaluationList.tsx';
import { EvaluationGridForm } from '../features/evaluation/EvaluationGridForm.tsx';

/**
 * The older evaluation screen: a grid on the decision's scale (personal 1–10, team 0–10) with "Save
 * Evaluations"; in AI mode the options ranked with the AI's reasons.
 */
export default function EvaluateDecisionPage() {
  const { t } = useTranslation();
  const { decisionId, details, loadError } = useDecisionPage();

  let content;
  if (loadError) content = <ErrorNotice message={loadError} />;
  else if (!details.data) content = <LoadingNotice text={t('details.loading')} />;
  else if (details.data.decision.mode === 'ai') content = <AiEvaluationList details={details.data} />;
  else if (!details.data.abilities.canVote) content = <ErrorNotice message={t('evaluate.notAllowed')} />;
  else content = <EvaluationGridForm details={details.data} />;

  return (
    <>
      <PageHeader title={t('pages.evaluateDecision')} lead={details.data?.decision.name} />
      {content}
      {details.data ? (
        <p className="mt-6">
          <TextLink to={`/decision/${decisionId}`}>{t('evaluate.backToDecision')}</TextLink>
        </p>
      ) : null}
    </>
  );
}
