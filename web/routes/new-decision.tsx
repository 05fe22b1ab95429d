import { useTranslation } from 'react-i18next';
import { ComingSoonPage } from '../components/ComingSoonPage.tsx';

export default function NewDecisionPage() {
  const { t } = useTranslation();
  return <ComingSoonPage title={t('pages.newDecision')} />;
}
