import type { ReactNode } from 'react';
import type { Decision } from '../../../shared/api/decisions.ts';
import { PageHeader } from '../../components/ui/PageHeader.tsx';
import { DecisionBadges } from './DecisionBadges.tsx';

interface DecisionTitleProps {
  decision: Decision;
  /** Personal decisions name their visibility (private / public); a team's badge says team. */
  showVisibility?: boolean;
  /** Lines under the title, e.g. the created and updated dates. */
  children?: ReactNode;
}

/** The head of a decision's page: badges, the title, and the description as the lead with its line breaks. */
export function DecisionTitle({ decision, showVisibility = false, children }: DecisionTitleProps) {
  return (
    <div className="min-w-0">
      <div className="mb-3">
        <DecisionBadges decision={decision} showVisibility={showVisibility} />
      </div>
      <PageHeader
        title={decision.name}
        lead={
          decision.description ? (
            <span className="whitespace-pre-line">{decision.description}</span>
          ) : undefined
        }
      />
      {children}
    </div>
  );
}
