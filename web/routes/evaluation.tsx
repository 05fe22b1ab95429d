import { useTranslation } from 'react-i18next';
import { PageHeader } from '../components/ui/PageHeader.tsx';
import { SimpleScoringTable } from '../features/evaluation/SimpleScoringTable.tsx';

export default function EvaluationPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('pages.evaluation')} lead={t('evaluation.lead')} />
      <SimpleScoringTable />
    </>
  );
}
