import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Navigate, useParams } from 'react-router';
import { LoadingNotice } from '../components/ui/LoadingNotice.tsx';
import { decisionKeys } from '../lib/query-keys.ts';
import { fetchDecisionType, parseDecisionId } from '../features/decisions/decisions-api.ts';

/** /decision/{id}: asks the decision's type, then opens the team or the single view; /dashboard on error. */
export default function DecisionRedirectPage() {
  const { t } = useTranslation();
  const decisionId = parseDecisionId(useParams().id);
  const type = useQuery({
    queryKey: decisionKeys.type(decisionId),
    queryFn: () => fetchDecisionType(decisionId),
    enabled: !Number.isNaN(decisionId),
    staleTime: Infinity, // a decision's type never changes
  });

  if (Number.isNaN(decisionId) || type.isError) return <Navigate to="/dashboard" replace />;
  if (type.data) {
    const view = type.data.is_team ? 'team-decision' : 'single-decision';
    return <Navigate to={`/${view}/${decisionId}`} replace />;
  }
  return <LoadingNotice text={t('details.loading')} />;
}
