import { HeaderedPage } from '../components/ui/PageHeader.tsx';
import { SpreadsheetImport } from '../features/decision-import/SpreadsheetImport.tsx';
import { NewTeamDecisionForm } from '../features/team/NewTeamDecisionForm.tsx';

export default function NewTeamDecisionPage() {
  return (
    <HeaderedPage titleKey="team.pageTitle" leadKey="team.lead">
      <SpreadsheetImport target="team" />
      <NewTeamDecisionForm />
    </HeaderedPage>
  );
}
