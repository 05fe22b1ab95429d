import { useTranslation } from 'react-i18next';
import { ErrorNotice } from '../../components/ui/ErrorNotice.tsx';
import { LoadingNotice } from '../../components/ui/LoadingNotice.tsx';
import { PageHeader } from '../../components/ui/PageHeader.tsx';
import { TextLink } from '../../components/ui/TextLink.tsx';

interface DecisionPageFallbackProps {
  title: string;
  /** The load error, with the way back to the dashboard; null while loading. */
  loadError: string | null;
  /** Whose texts: a single or a team decision's page. */
  kind: keyof typeof TEXT_KEYS;
}

const TEXT_KEYS = {
  single: { loading: 'details.loading', backToDashboard: 'details.backToDashboard' },
  team: { loading: 'teamView.loading', backToDashboard: 'teamView.backToDashboard' },
} as const;

/** What a decision page shows before its decision is there: the header, then the error or "loading". */
export function DecisionPageFallback({ title, loadError, kind }: DecisionPageFallbackProps) {
  const { t } = useTranslation();
  const keys = TEXT_KEYS[kind];
  return (
    <>
      <PageHeader title={title} />
      {loadError ? (
        <ErrorNotice message={loadError}>
          <TextLink to="/dashboard">{t(keys.backToDashboard)}</TextLink>
        </ErrorNotice>
      ) : (
        <LoadingNotice text={t(keys.loading)} />
      )}
    </>
  );
}
