import { DecisionRowsCard } from './CriteriaSection.tsx';

export function OptionsSection() {
  return <DecisionRowsCard name="options" />;
}
