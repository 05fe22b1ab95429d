import { useTranslation } from 'react-i18next';
import { PageHeader } from '../components/ui/PageHeader.tsx';
import { NewTeamDecisionForm } from '../features/team/NewTeamDecisionForm.tsx';

export default function NewTeamDecisionPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('team.pageTitle')} lead={t('team.lead')} />
      <NewTeamDecisionForm />
    </>
  );
}
