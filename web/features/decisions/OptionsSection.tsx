import { DecisionRowsCard, type DecisionRowsProps } from './CriteriaSection.tsx';

export function OptionsSection({ showsAdvanced }: Pick<DecisionRowsProps, 'showsAdvanced'>) {
  return <DecisionRowsCard name="options" showsAdvanced={showsAdvanced} />;
}
