import { useState } from 'react';
import { CircleCheck, Rocket } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { DecisionDetails } from '../../../shared/api/decisions.ts';
import { Button } from '../../components/ui/Button.tsx';
import { StatusLine } from '../../components/ui/StatusLine.tsx';
import { serverMessageOf } from '../../lib/api-client.ts';
import { useAuthStore } from '../../lib/auth-store.ts';
import { notify } from '../../lib/notify.ts';
import { useActivateDecision } from './team-api.ts';

/**
 * "Activate Decision" while the decision is a draft: checks name, data and session (SPEC.md section 5),
 * then goes to the dashboard. Once activated (or closed) the button gives way to a note saying so.
 */
export function ActivateSection({ details }: { details: DecisionDetails | undefined }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const token = useAuthStore((state) => state.token);
  const [failure, setFailure] = useState<string | null>(null);
  const activation = useActivateDecision(details?.decision.id ?? Number.NaN);

  function activate() {
    if (!details) return setFailure(t('teamInvite.missingData'));
    if (!details.decision.name.trim()) return setFailure(t('teamInvite.nameEmpty'));
    if (!token) return setFailure(t('teamInvite.noToken'));
    setFailure(null);
    activation.mutate(undefined, {
      onSuccess: async () => {
        notify('success', t('teamInvite.activated'));
        await navigate('/dashboard');
      },
      onError: (error) =>
        setFailure(
          t('teamInvite.activationFailed', {
            message: serverMessageOf(error) ?? t('teamInvite.unknownError'),
          }),
        ),
    });
  }

  if (details && details.status !== 'draft') {
    return (
      <p className="flex items-start gap-2 text-sm text-slate-700 dark:text-slate-300">
        <CircleCheck
          aria-hidden
          size={18}
          className="mt-0.5 shrink-0 text-emerald-700 dark:text-emerald-300"
        />
        {details.status === 'open' ? t('teamInvite.activeNote') : t('teamInvite.closedNote')}
      </p>
    );
  }

  return (
    <div className="flex flex-col gap-2">
      <p className="text-sm text-slate-600 dark:text-slate-400">{t('teamInvite.activateHint')}</p>
      <Button
        size="lg"
        className="self-start"
        disabled={activation.isPending || details?.abilities.canActivate === false}
        onClick={activate}
      >
        <Rocket aria-hidden size={18} />
        {activation.isPending ? t('teamInvite.activating') : t('teamInvite.activate')}
      </Button>
      <StatusLine tone="error" message={failure} />
    </div>
  );
}
