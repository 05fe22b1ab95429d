import { useTranslation } from 'react-i18next';
import { ErrorNotice } from '../../components/ui/ErrorNotice.tsx';
import { LoadingNotice } from '../../components/ui/LoadingNotice.tsx';
import { PageHeader } from '../../components/ui/PageHeader.tsx';
import { TextLink } from '../../components/ui/TextLink.tsx';

interface DecisionPageFallbackProps {
  title: string;
  /** The load error, with the way back to the dashboard; null while loading. */
  loadError: string | null;
  loadingText: string;
  /** i18n key of the dashboard link under an error. */
  backLabelKey: 'details.backToDashboard' | 'teamView.backToDashboard';
}

/** What a decision page shows before its decision is there: the header, then the error or "loading". */
export function DecisionPageFallback({
  title,
  loadError,
  loadingText,
  backLabelKey,
}: DecisionPageFallbackProps) {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={title} />
      {loadError ? (
        <ErrorNotice message={loadError}>
          <TextLink to="/dashboard">{t(backLabelKey)}</TextLink>
        </ErrorNotice>
      ) : (
        <LoadingNotice text={loadingText} />
      )}
    </>
  );
}
