import { FilePlus2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../components/ui/Button.tsx';
import { Card } from '../components/ui/Card.tsx';
import { PageHeader } from '../components/ui/PageHeader.tsx';
import { SimpleScoringTable } from '../features/evaluation/SimpleScoringTable.tsx';

/** SPEC's simple weighted scoring table, offered in the navigation as the quick calculator. */
export default function EvaluationPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('pages.evaluation')} lead={t('evaluation.lead')} />
      <Card tone="indigo" className="mb-6 flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-slate-800 dark:text-slate-200">{t('evaluation.sketchNotice')}</p>
        <ButtonLink to="/new-decision" variant="secondary" className="shrink-0 self-start sm:self-center">
          <FilePlus2 aria-hidden size={16} />
          {t('evaluation.createDecision')}
        </ButtonLink>
      </Card>
      <SimpleScoringTable />
    </>
  );
}
