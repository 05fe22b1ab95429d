import { useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { LIMITS } from '../../../shared/limits.ts';
import { SectionCard } from '../../components/ui/SectionCard.tsx';
import { TextAreaField, TextField } from '../../components/ui/TextField.tsx';
import { translateFieldError } from '../../lib/form-errors.ts';
import type { DecisionFormValues } from './decision-form-model.ts';

/** The decision's question: its title (required) and an optional description. */
export function QuestionFields() {
  const { t } = useTranslation();
  const {
    register,
    formState: { errors },
  } = useFormContext<DecisionFormValues>();
  return (
    <SectionCard
      headingId="question-heading"
      title={t('decisionForm.guided.questionTitle')}
      lead={t('decisionForm.guided.questionHint')}
    >
      <div className="flex flex-col gap-2">
        <TextField
          label={t('decisionForm.title')}
          required
          maxLength={LIMITS.decision.nameMax}
          placeholder={t('decisionForm.guided.titlePlaceholder')}
          error={translateFieldError(t, errors.name?.message)}
          {...register('name')}
        />
        <TextAreaField
          label={t('decisionForm.description')}
          hint={t('decisionForm.guided.descriptionHint')}
          rows={3}
          maxLength={LIMITS.decision.descriptionMax}
          error={translateFieldError(t, errors.description?.message)}
          {...register('description')}
        />
      </div>
    </SectionCard>
  );
}
