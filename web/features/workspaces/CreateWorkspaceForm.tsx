import { useState, type FormEvent } from 'react';
import { Plus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { LIMITS } from '../../../shared/limits.ts';
import { Button } from '../../components/ui/Button.tsx';
import { SectionCard } from '../../components/ui/SectionCard.tsx';
import { StatusLine } from '../../components/ui/StatusLine.tsx';
import { TextField } from '../../components/ui/TextField.tsx';
import { ApiError, serverMessageOf } from '../../lib/api-client.ts';
import { translateFieldError } from '../../lib/form-errors.ts';
import { notify } from '../../lib/notify.ts';
import { useCreateWorkspace } from './workspaces-api.ts';

/** Creates a workspace (the caller becomes its owner) and opens its page. */
export function CreateWorkspaceForm() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const create = useCreateWorkspace();
  const [name, setName] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    if (!name.trim()) {
      setFieldError(t('validation.required'));
      document.getElementById('workspace-name')?.focus();
      return;
    }
    setFieldError(undefined);
    try {
      const workspace = await create.mutateAsync(name.trim());
      notify('success', t('workspaces.create.created', { name: workspace.name }));
      await navigate(`/workspaces/${workspace.id}`);
    } catch (error) {
      if (error instanceof ApiError && error.fields.name)
        setFieldError(translateFieldError(t, error.fields.name));
      setFailure(serverMessageOf(error) ?? t('workspaces.create.failed'));
    }
  }

  return (
    <SectionCard
      headingId="create-workspace-heading"
      title={t('workspaces.create.title')}
      lead={t('workspaces.create.lead')}
    >
      <form
        noValidate
        onSubmit={(event) => void submit(event)}
        className="flex flex-col gap-2 sm:flex-row sm:items-start sm:gap-3"
      >
        <div className="flex-1">
          <TextField
            id="workspace-name"
            label={t('workspaces.create.name')}
            required
            maxLength={LIMITS.workspace.nameMax}
            autoComplete="off"
            value={name}
            error={fieldError}
            onChange={(event) => setName(event.target.value)}
          />
        </div>
        <Button type="submit" className="self-start sm:mt-7" disabled={create.isPending}>
          <Plus aria-hidden size={16} />
          {t('workspaces.create.submit')}
        </Button>
      </form>
      <StatusLine tone="error" message={failure} />
    </SectionCard>
  );
}
