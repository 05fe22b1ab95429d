import { useTranslation } from 'react-i18next';
import { PageHeader } from '../components/ui/PageHeader.tsx';
import { CreateWorkspaceForm } from '../features/workspaces/CreateWorkspaceForm.tsx';
import { WorkspaceList } from '../features/workspaces/WorkspaceList.tsx';

/** /workspaces (issue 29): the caller's workspaces and a form to create one. */
export default function WorkspacesPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('workspaces.pageTitle')} lead={t('workspaces.lead')} />
      <div className="flex flex-col gap-8">
        <WorkspaceList />
        <CreateWorkspaceForm />
      </div>
    </>
  );
}
