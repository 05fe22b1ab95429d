import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import type { DecisionDetails } from '../../../shared/api/decisions.ts';
import { RATIONALE_MAX, outcomeRequestSchema, reviewOnSchema } from '../../../shared/api/outcome.ts';
import { Button } from '../../components/ui/Button.tsx';
import { SelectField } from '../../components/ui/SelectField.tsx';
import { StatusLine } from '../../components/ui/StatusLine.tsx';
import { TextAreaField, TextField } from '../../components/ui/TextField.tsx';
import { serverMessageOf } from '../../lib/api-client.ts';
import { showServerFieldErrors, translateFieldError } from '../../lib/form-errors.ts';
import { notify } from '../../lib/notify.ts';
import { leadingOptionIdOf, localToday, useRecordOutcome } from './outcome-api.ts';

// The server's own rules for rationale and review day; the option is a choice of the select.
const outcomeFormSchema = z.object({
  option_id: z.string().min(1, 'validation.required'),
  rationale: outcomeRequestSchema.shape.rationale,
  review_on: z.union([z.literal(''), reviewOnSchema]),
});

type OutcomeFormInput = z.input<typeof outcomeFormSchema>;
type OutcomeFormOutput = z.output<typeof outcomeFormSchema>;

interface OutcomeDialogProps {
  isOpen: boolean;
  onClose: () => void;
  details: Pick<DecisionDetails, 'decision' | 'options' | 'results' | 'outcome'>;
}

/**
 * Record (or edit) the outcome: the chosen option (the leader by default), why, and an optional
 * review day from today on. A React Aria modal: focus moves in, Escape closes, focus returns after.
 */
export function OutcomeDialog({ isOpen, onClose, details }: OutcomeDialogProps) {
  const record = useRecordOutcome(details.decision.id);
  return (
    <ModalOverlay
      isOpen={isOpen}
      onOpenChange={(isNowOpen) => {
        if (!isNowOpen) onClose();
      }}
      isDismissable={!record.isPending}
      isKeyboardDismissDisabled={record.isPending}
      className="fixed inset-0 z-50 flex items-center justify-center overflow-y-auto bg-slate-950/50 p-4 backdrop-blur-sm"
    >
      <Modal className="w-full max-w-lg rounded-2xl border border-slate-200 bg-white p-6 shadow-xl dark:border-slate-700 dark:bg-slate-900">
        <Dialog className="outline-none">
          {/* Mounted per opening: the form starts from what is stored now. */}
          <OutcomeForm details={details} record={record} onClose={onClose} />
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}

interface OutcomeFormProps {
  details: OutcomeDialogProps['details'];
  record: ReturnType<typeof useRecordOutcome>;
  onClose: () => void;
}

function OutcomeForm({ details, record, onClose }: OutcomeFormProps) {
  const { t } = useTranslation();
  const [failure, setFailure] = useState<string | null>(null);
  const leaderId = leadingOptionIdOf(details);
  const current = details.outcome;
  const {
    register,
    handleSubmit,
    setError,
    control,
    formState: { errors },
  } = useForm<OutcomeFormInput, unknown, OutcomeFormOutput>({
    resolver: zodResolver(outcomeFormSchema),
    defaultValues: {
      option_id: String(current?.option_id ?? leaderId ?? details.options[0]?.id ?? ''),
      rationale: current?.rationale ?? '',
      review_on: current?.review_on ?? '',
    },
  });
  const rationale = useWatch({ control, name: 'rationale' }) ?? '';

  const submit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      await record.mutateAsync({
        option_id: Number(values.option_id),
        rationale: values.rationale,
        review_on: values.review_on === '' ? null : values.review_on,
      });
      notify('success', t('outcome.saved'));
      onClose();
    } catch (error) {
      showServerFieldErrors(error, setError, ['option_id', 'rationale', 'review_on']);
      setFailure(serverMessageOf(error) ?? t('outcome.saveFailed'));
    }
  });

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-2">
      <Heading slot="title" className="mb-2 text-lg font-semibold text-slate-900 dark:text-white">
        {current ? t('outcome.dialogTitleEdit') : t('outcome.dialogTitle')}
      </Heading>
      <SelectField
        label={t('outcome.option')}
        hint={translateFieldError(t, errors.option_id?.message)}
        aria-invalid={errors.option_id ? true : undefined}
        {...register('option_id')}
      >
        {details.options.map((option) => (
          <option key={option.id} value={option.id}>
            {option.id === leaderId ? t('outcome.optionLeader', { name: option.name }) : option.name}
          </option>
        ))}
      </SelectField>
      <TextAreaField
        label={t('outcome.rationale')}
        rows={4}
        maxLength={RATIONALE_MAX}
        error={translateFieldError(t, errors.rationale?.message)}
        hint={t('outcome.rationaleHint', { current: rationale.length, max: RATIONALE_MAX })}
        {...register('rationale')}
      />
      <TextField
        type="date"
        label={t('outcome.reviewOn')}
        min={localToday()}
        error={translateFieldError(t, errors.review_on?.message)}
        hint={t('outcome.reviewOnHint')}
        {...register('review_on')}
      />
      <StatusLine tone="error" message={failure} />
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={onClose} disabled={record.isPending}>
          {t('common.cancel')}
        </Button>
        <Button type="submit" disabled={record.isPending}>
          {record.isPending ? t('outcome.saving') : t('outcome.save')}
        </Button>
      </div>
    </form>
  );
}
