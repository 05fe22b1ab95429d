import { useTranslation } from 'react-i18next';
import { ComingSoonPage } from '../components/ComingSoonPage.tsx';

export default function NewTeamDecisionPage() {
  const { t } = useTranslation();
  return <ComingSoonPage title={t('pages.newTeamDecision')} />;
}
