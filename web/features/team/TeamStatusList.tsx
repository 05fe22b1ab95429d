import { CircleCheck, CircleDashed, Clock, Eye, Lock, RotateCcw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Avatar } from '../../components/ui/Avatar.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { serverMessageOf } from '../../lib/api-client.ts';
import { usePersonName } from '../people/person-name.ts';
import { isVoter, roleLabel, useReopenVote, type TeamMember } from './team-api.ts';
import { memberKeyOf } from './member-key.ts';
import { NOTICE_MS, toastFor } from './team-toast.ts';

interface TeamStatusListProps {
  members: TeamMember[];
  decisionId: number;
  /** Owner and admin while voting is open (abilities.canReopenVotes): "Reopen" beside a submitted vote. */
  canReopen: boolean;
}

/**
 * Who has voted in full (issue 16: every cell in manual mode, submitted weights in AI mode), who has
 * started (some values, not counted yet) and who has not started (issue 25: never lumped together). Only voters count (owner, admin, editor): viewers are listed apart,
 * pending invitations only as a number.
 */
export function TeamStatusList({ members, decisionId, canReopen }: TeamStatusListProps) {
  const { t, i18n } = useTranslation();
  const nameOf = usePersonName();
  const reopenVote = useReopenVote(decisionId);
  const reopen = async (member: TeamMember) => {
    try {
      await reopenVote.mutateAsync(member.user_id!);
      toastFor('success', t('teamView.reopenDone', { name: nameOf(member) }), NOTICE_MS.long);
    } catch (error) {
      toastFor('error', t('teamView.reopenFailed'), NOTICE_MS.long, serverMessageOf(error) ?? undefined);
    }
  };
  const team = members.filter((member) => member.accepted);
  const voters = team.filter(isVoter);
  const viewers = team.filter((member) => !isVoter(member));
  const voted = voters.filter((member) => member.complete).length;
  const missing = voters.filter((member) => !member.complete).map(nameOf);
  const pendingInvitations = members.length - team.length;

  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm font-medium text-slate-800 dark:text-slate-200">
        {t('teamView.votedCount', { voted, total: voters.length })}
      </p>
      {missing.length ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">
          {t('teamView.missing', {
            names: new Intl.ListFormat(i18n.resolvedLanguage, { type: 'conjunction' }).format(missing),
          })}
        </p>
      ) : null}
      <ul className="flex flex-col gap-2">
        {voters.map((member) => (
          <li
            key={memberKeyOf(member)}
            data-voted={member.complete}
            data-status={member.complete ? 'voted' : member.has_voted ? 'started' : 'not-started'}
            className="flex items-center gap-3 rounded-lg bg-slate-50 px-3 py-2 dark:bg-slate-800/60"
          >
            <Avatar src={member.avatar_url} size={32} />
            <MemberName name={nameOf(member)} role={roleLabel(t, member.role)} />
            <SubmissionBadge member={member} />
            {canReopen && member.submitted_at && member.user_id !== null ? (
              <Button
                type="button"
                variant="secondary"
                size="sm"
                aria-label={t('teamView.reopenLabel', { name: nameOf(member) })}
                disabled={reopenVote.isPending}
                onClick={() => void reopen(member)}
              >
                {t('teamView.reopen')}
              </Button>
            ) : null}
            {member.complete ? (
              <span className="flex shrink-0 items-center gap-1 text-xs font-semibold text-emerald-700 dark:text-emerald-300">
                <CircleCheck aria-hidden size={16} />
                {t('teamView.voted')}
              </span>
            ) : member.has_voted ? (
              <span className="flex shrink-0 items-center gap-1 text-xs font-semibold text-sky-800 dark:text-sky-300">
                <CircleDashed aria-hidden size={16} />
                {t('teamView.started')}
              </span>
            ) : (
              <span className="flex shrink-0 items-center gap-1 text-xs font-semibold text-amber-800 dark:text-amber-300">
                <Clock aria-hidden size={16} />
                {t('teamView.notStarted')}
              </span>
            )}
          </li>
        ))}
        {viewers.map((member) => (
          <li
            key={memberKeyOf(member)}
            data-viewer
            className="flex items-center gap-3 rounded-lg px-3 py-2 ring-1 ring-slate-200 ring-inset dark:ring-slate-800"
          >
            <Avatar src={member.avatar_url} size={32} />
            <MemberName name={nameOf(member)} role={roleLabel(t, member.role)} />
            <span className="flex shrink-0 items-center gap-1 text-xs font-medium text-slate-600 dark:text-slate-400">
              <Eye aria-hidden size={16} />
              {t('people.doesNotVote')}
            </span>
          </li>
        ))}
      </ul>
      {pendingInvitations > 0 ? (
        <p className="text-xs text-slate-600 dark:text-slate-400">
          {t('teamView.openInvitations', { count: pendingInvitations })}
        </p>
      ) : null}
    </div>
  );
}

const SUBMISSION_STATES = {
  submitted: { Icon: Lock, textKey: 'teamView.submitted', color: 'text-emerald-800 dark:text-emerald-300' },
  reopened: { Icon: RotateCcw, textKey: 'teamView.reopened', color: 'text-amber-800 dark:text-amber-300' },
} as const;

/** Issue 27: "Submitted" (final) or "Reopened" (until submitted anew), shown to everyone. */
function SubmissionBadge({ member }: { member: TeamMember }) {
  const { t } = useTranslation();
  const state = member.submitted_at ? 'submitted' : member.reopened ? 'reopened' : undefined;
  if (!state) return null;
  const { Icon, textKey, color } = SUBMISSION_STATES[state];
  return (
    <span
      data-testid="submission"
      className={`flex shrink-0 items-center gap-1 text-xs font-semibold ${color}`}
    >
      <Icon aria-hidden size={14} />
      {t(textKey)}
    </span>
  );
}

function MemberName({ name, role }: { name: string; role: string }) {
  return (
    <span className="min-w-0 flex-1">
      <span className="block truncate text-sm font-medium text-slate-900 dark:text-white">{name}</span>
      <span className="block text-xs text-slate-600 dark:text-slate-400">{role}</span>
    </span>
  );
}
