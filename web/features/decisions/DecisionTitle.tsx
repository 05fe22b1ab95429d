import type { ReactNode } from 'react';
import { Toolbar } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import type { Decision, DecisionDetails } from '../../../shared/api/decisions.ts';
import { PageHeader } from '../../components/ui/PageHeader.tsx';
import { DecisionBadges } from './DecisionBadges.tsx';
import { WorkspaceBadge } from './WorkspaceBadge.tsx';

interface DecisionTitleProps {
  decision: Decision;
  /** Personal decisions name their visibility (private / public); a team's badge says team. */
  showVisibility?: boolean;
  /** The page's buttons and links (vote, edit, export, …), shown as one toolbar. */
  actions?: ReactNode;
  /** Lines under the title, e.g. the created and updated dates. */
  children?: ReactNode;
  /** Issue 29: the workspace the decision belongs to (the details give it beside the decision). */
  workspace?: DecisionDetails['workspace'] | undefined;
}

/**
 * The head of a decision's page: badges, the title with the actions' toolbar beside it (under it
 * once they no longer fit, e.g. on a phone or for a long title), and the description as the lead
 * with its line breaks.
 */
export function DecisionTitle({
  decision,
  showVisibility = false,
  actions,
  children,
  workspace,
}: DecisionTitleProps) {
  const { t } = useTranslation();
  return (
    <div className="min-w-0">
      <div className="mb-3 flex flex-wrap items-center gap-1.5">
        <DecisionBadges decision={decision} showVisibility={showVisibility} />
        {workspace ? <WorkspaceBadge workspace={workspace} /> : null}
      </div>
      <PageHeader
        title={decision.name}
        actions={
          actions ? (
            // Arrow keys move between the actions; Tab leaves the toolbar (WAI-ARIA toolbar pattern).
            <Toolbar aria-label={t('toolbar.decisionActions')} className="flex flex-wrap gap-2">
              {actions}
            </Toolbar>
          ) : undefined
        }
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
