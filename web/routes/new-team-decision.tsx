import { HeaderedPage } from '../components/ui/PageHeader.tsx';
import { NewTeamDecisionForm } from '../features/team/NewTeamDecisionForm.tsx';

export default function NewTeamDecisionPage() {
  return (
    <HeaderedPage titleKey="team.pageTitle" leadKey="team.lead">
      <NewTeamDecisionForm />
    </HeaderedPage>
  );
}
