import { useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TotpEnrolment } from '../../../shared/api/two-step.ts';
import { LIMITS } from '../../../shared/limits.ts';
import { Button } from '../../components/ui/Button.tsx';
import { SectionCard } from '../../components/ui/SectionCard.tsx';
import { StatusLine } from '../../components/ui/StatusLine.tsx';
import { serverMessageOf } from '../../lib/api-client.ts';
import { useAuthStore } from '../../lib/auth-store.ts';
import { notify } from '../../lib/notify.ts';
import { twoStepKeys } from '../../lib/query-keys.ts';
import { RecoveryCodesNotice } from './RecoveryCodesNotice.tsx';
import { TotpEnrolmentForm } from './TotpEnrolmentForm.tsx';
import { TurnOffTwoStepForm } from './TurnOffTwoStepForm.tsx';
import { startTotpEnrolment, useTwoStepStatus } from './two-step-api.ts';

/** Where the section is between the server's states: setting up, or showing the new recovery codes. */
type Stage =
  { kind: 'idle' } | { kind: 'enrolling'; enrolment: TotpEnrolment } | { kind: 'codes'; codes: string[] };

const HEADING_ID = 'two-step-heading';

/** The profile page's "Two-step sign-in" section (issue 28): turn TOTP on with recovery codes, or off. */
export function TwoStepSignIn() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const email = useAuthStore((state) => state.user?.email ?? '');
  const statusQuery = useTwoStepStatus();
  const [stage, setStage] = useState<Stage>({ kind: 'idle' });
  const [isStarting, setIsStarting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const turnOnRef = useRef<HTMLButtonElement>(null);

  const refreshStatus = () => queryClient.invalidateQueries({ queryKey: twoStepKeys.status });

  async function turnOn() {
    setError(null);
    setIsStarting(true);
    try {
      setStage({ kind: 'enrolling', enrolment: await startTotpEnrolment() });
    } catch (failure) {
      setError(t('twoStep.failed', { message: serverMessageOf(failure) ?? t('common.unexpectedError') }));
    } finally {
      setIsStarting(false);
    }
  }

  function renderBody() {
    if (stage.kind === 'codes') {
      return (
        <RecoveryCodesNotice codes={stage.codes} email={email} onDone={() => setStage({ kind: 'idle' })} />
      );
    }
    if (statusQuery.isPending) return <p role="status">{t('twoStep.loading')}</p>;
    if (statusQuery.isError) return <p role="alert">{t('twoStep.loadFailed')}</p>;
    if (statusQuery.data.enabled) {
      return (
        <>
          <p className="text-sm font-medium text-emerald-700 dark:text-emerald-400">
            {t('twoStep.statusOn', {
              count: statusQuery.data.recovery_codes_left,
              total: LIMITS.twoStep.recoveryCodes,
            })}
          </p>
          <TurnOffTwoStepForm
            onTurnedOff={() => {
              notify('success', t('twoStep.turnedOff'));
              // The form goes; the focus lands on what replaces it.
              void refreshStatus().then(() => turnOnRef.current?.focus());
            }}
          />
        </>
      );
    }
    if (stage.kind === 'enrolling') {
      return (
        <TotpEnrolmentForm
          enrolment={stage.enrolment}
          onConfirmed={(codes) => {
            setStage({ kind: 'codes', codes });
            notify('success', t('twoStep.turnedOn'));
            void refreshStatus();
          }}
          onCancel={() => {
            setStage({ kind: 'idle' });
            requestAnimationFrame(() => turnOnRef.current?.focus());
          }}
        />
      );
    }
    return (
      <div className="flex flex-col gap-2">
        <Button ref={turnOnRef} className="self-start" disabled={isStarting} onClick={() => void turnOn()}>
          {isStarting ? t('twoStep.starting') : t('twoStep.turnOn')}
        </Button>
        <StatusLine tone="error" message={error} />
      </div>
    );
  }

  return (
    <div className="mt-6">
      <SectionCard headingId={HEADING_ID} title={t('twoStep.title')} lead={t('twoStep.lead')}>
        {renderBody()}
      </SectionCard>
    </div>
  );
}
