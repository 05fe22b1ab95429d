import { useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { translateFieldError } from '../../lib/form-errors.ts';
import { emptyOption, type DecisionFormValues } from './decision-form-model.ts';
import { NameRowsCard } from './NameRowsEditor.tsx';

export function OptionsSection() {
  const { t } = useTranslation();
  const {
    formState: { errors },
  } = useFormContext<DecisionFormValues>();
  return (
    <NameRowsCard
      headingId="options-heading"
      title={t('decisionForm.options')}
      lead={t('decisionForm.optionsHint')}
      name="options"
      textsFrom="decisionForm"
      newRow={emptyOption}
      minRows={1}
      nameErrorOf={(index) => translateFieldError(t, errors.options?.[index]?.name?.message)}
    />
  );
}
