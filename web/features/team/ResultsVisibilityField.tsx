import { useTranslation } from 'react-i18next';
import { RESULTS_VISIBILITIES, type ResultsVisibility } from '../../../shared/api/decisions.ts';
import { RadioGroup } from '../../components/ui/RadioGroup.tsx';

interface ResultsVisibilityFieldProps {
  value: ResultsVisibility;
  onChange: (value: ResultsVisibility) => void;
  /** Once voting ended the results are out: nothing left to choose. */
  isDisabled?: boolean;
}

/** "Results visible: always / after each member has voted / after voting ends", each explained. */
export function ResultsVisibilityField({ value, onChange, isDisabled = false }: ResultsVisibilityFieldProps) {
  const { t } = useTranslation();
  return (
    <RadioGroup
      label={t('resultsVisibility.label')}
      name="results_visibility"
      value={value}
      onChange={onChange}
      isDisabled={isDisabled}
      choices={RESULTS_VISIBILITIES.map((setting) => ({
        value: setting,
        label: t(`resultsVisibility.${setting}`),
        description: t(`resultsVisibility.${setting}Hint`),
      }))}
    />
  );
}
