import type { ReactNode, Ref, SelectHTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { SelectField } from '../../components/ui/SelectField.tsx';
import { useIsAiUnavailable } from './ai-api.ts';

interface ModeSelectFieldProps extends SelectHTMLAttributes<HTMLSelectElement> {
  label: ReactNode;
  /** What the modes mean; replaced by one plain sentence while the server has no AI model. */
  hint: ReactNode;
  manualLabel: string;
  aiLabel: string;
  ref?: Ref<HTMLSelectElement>;
}

/**
 * Manual or AI mode, in every form that picks one. Without an AI model on the server, AI cannot be
 * chosen; a decision already in AI mode keeps showing it (and is scored by hand meanwhile).
 */
export function ModeSelectField({ hint, manualLabel, aiLabel, ...selectProps }: ModeSelectFieldProps) {
  const { t } = useTranslation();
  const isAiUnavailable = useIsAiUnavailable();
  return (
    <SelectField hint={isAiUnavailable ? t('ai.unavailable') : hint} {...selectProps}>
      <option value="manual">{manualLabel}</option>
      <option value="ai" disabled={isAiUnavailable}>
        {aiLabel}
      </option>
    </SelectField>
  );
}
