import { ClipboardCheck, Settings2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { DecisionDetails } from '../../../shared/api/decisions.ts';
import { TabPanel, Tabs } from '../../components/ui/Tabs.tsx';
import { WebhooksSection } from '../webhooks/WebhooksSection.tsx';
import { LockNotice } from './LockNotice.tsx';
import { TeamSetupForm } from './TeamSetupForm.tsx';
import { TeamVoteForm } from './TeamVoteForm.tsx';
import { useDeadlineFormat } from './useDeadlineFormat.ts';

type TeamEditTab = 'vote' | 'setup';

/** The tab lives in the URL (?tab=setup), so a reload or a shared link opens the same one. */
const TAB_PARAM = 'tab';

interface TeamEditTabsProps {
  details: DecisionDetails;
  now: number;
  /** Owner and admin: the "Set up" tab besides "Your vote". */
  canSetUp: boolean;
  /** Voting ended: both tabs show what was entered, disabled, under one notice. */
  isLocked: boolean;
}

/** /team-decision/{id}/edit: voting apart from setting up, each tab with its own Save. */
export function TeamEditTabs({ details, now, canSetUp, isLocked }: TeamEditTabsProps) {
  const { t } = useTranslation();
  const format = useDeadlineFormat();
  const [searchParams, setSearchParams] = useSearchParams();
  const selected: TeamEditTab = canSetUp && searchParams.get(TAB_PARAM) === 'setup' ? 'setup' : 'vote';

  function select(tab: string) {
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (tab === 'setup') next.set(TAB_PARAM, 'setup');
        else next.delete(TAB_PARAM);
        return next;
      },
      { replace: true },
    );
  }

  // One notice for the page, in SPEC's words for what the open tab would do; voting ended by hand
  // names who ended it instead of a deadline that never expired.
  const endedBy = details.voting_ended?.by;
  const lockKind = selected === 'setup' ? 'Editing' : details.decision.mode === 'ai' ? 'Weighting' : 'Voting';
  const lockText =
    endedBy && details.voting_ended
      ? t(`teamEdit.endedBy${lockKind}`, { name: endedBy.name, date: format.moment(details.voting_ended.at) })
      : t(`teamEdit.locked${lockKind}`);

  const tabs = [
    {
      id: 'vote',
      label: (
        <>
          <ClipboardCheck aria-hidden size={16} />
          {t('teamEdit.voteTab')}
        </>
      ),
    },
    ...(canSetUp
      ? [
          {
            id: 'setup',
            label: (
              <>
                <Settings2 aria-hidden size={16} />
                {t('teamEdit.setupTab')}
              </>
            ),
          },
        ]
      : []),
  ];

  return (
    <div className="flex flex-col gap-6">
      {isLocked ? <LockNotice>{lockText}</LockNotice> : null}
      <Tabs selectedKey={selected} onSelectionChange={select} label={t('teamEdit.tabsLabel')} tabs={tabs}>
        <TabPanel id="vote">
          <TeamVoteForm details={details} isLocked={isLocked} />
        </TabPanel>
        {canSetUp ? (
          <TabPanel id="setup">
            <div className="flex flex-col gap-6">
              <TeamSetupForm details={details} now={now} isLocked={isLocked} />
              {/* Issue 32: owner and admins, also once voting ended (the outcome is still to come). */}
              {details.userRole === 'owner' || details.userRole === 'admin' ? (
                <WebhooksSection scope={{ decisionId: details.decision.id }} />
              ) : null}
            </div>
          </TabPanel>
        ) : null}
      </Tabs>
    </div>
  );
}
