import { useTranslation } from 'react-i18next';
import { ComingSoonPage } from '../components/ComingSoonPage.tsx';

export default function EditDecisionPage() {
  const { t } = useTranslation();
  return <ComingSoonPage title={t('pages.editDecision')} />;
}
