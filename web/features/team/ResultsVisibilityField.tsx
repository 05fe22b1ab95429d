import { useTranslation } from 'react-i18next';
import {
  RESULTS_VISIBILITIES,
  RESULTS_VISIBILITY_STRICTNESS,
  type ResultsVisibility,
} from '../../../shared/api/decisions.ts';
import { RadioGroup } from '../../components/ui/RadioGroup.tsx';

interface ResultsVisibilityFieldProps {
  value: ResultsVisibility;
  onChange: (value: ResultsVisibility) => void;
  /** Once voting ended the results are out: nothing left to choose. */
  isDisabled?: boolean;
  /**
   * Issue 27: once anyone voted, the stored setting is the loosest still allowed (the server answers
   * 409 VISIBILITY_LOCKED for a looser one); looser choices are disabled and the hint says why.
   */
  lockedFrom?: ResultsVisibility | null;
}

/** "Results visible: always / after each member has voted / after voting ends", each explained. */
export function ResultsVisibilityField({
  value,
  onChange,
  isDisabled = false,
  lockedFrom = null,
}: ResultsVisibilityFieldProps) {
  const { t } = useTranslation();
  const isLooser = (setting: ResultsVisibility) =>
    lockedFrom !== null && RESULTS_VISIBILITY_STRICTNESS[setting] < RESULTS_VISIBILITY_STRICTNESS[lockedFrom];
  return (
    <RadioGroup
      label={t('resultsVisibility.label')}
      hint={lockedFrom !== null && !isDisabled ? t('resultsVisibility.lockedHint') : undefined}
      name="results_visibility"
      value={value}
      onChange={onChange}
      isDisabled={isDisabled}
      choices={RESULTS_VISIBILITIES.map((setting) => ({
        value: setting,
        label: t(`resultsVisibility.${setting}`),
        description: t(`resultsVisibility.${setting}Hint`),
        isDisabled: isLooser(setting),
      }))}
    />
  );
}
