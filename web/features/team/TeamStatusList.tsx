import { CircleCheck, Clock } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { memberNickname, roleLabel, type TeamMember } from './team-api.ts';

/** Who has voted (SPEC.md section 4: manual → any own value, AI → submitted weights). */
export function TeamStatusList({ members }: { members: TeamMember[] }) {
  const { t } = useTranslation();
  const team = members.filter((member) => member.accepted);
  const voted = team.filter((member) => member.has_voted).length;
  const pendingInvitations = members.length - team.length;

  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm text-slate-600 dark:text-slate-400">
        {t('teamView.votedCount', { voted, total: team.length })}
      </p>
      <ul className="flex flex-col gap-2">
        {team.map((member) => {
          // Like the server's notifications: the nickname, else the part of the e-mail before the @.
          const name = memberNickname(member) ?? member.email?.split('@')[0] ?? t('teamInvite.unknown');
          return (
            <li
              key={member.user_id ?? member.email}
              data-voted={member.has_voted}
              className="flex items-center gap-3 rounded-lg bg-slate-50 px-3 py-2 dark:bg-slate-800/60"
            >
              {member.has_voted ? (
                <CircleCheck
                  aria-hidden
                  size={18}
                  className="shrink-0 text-emerald-600 dark:text-emerald-400"
                />
              ) : (
                <Clock aria-hidden size={18} className="shrink-0 text-amber-600 dark:text-amber-400" />
              )}
              <span className="min-w-0 flex-1">
                <span className="block truncate text-sm font-medium text-slate-900 dark:text-white">
                  {name}
                </span>
                <span className="block text-xs text-slate-600 dark:text-slate-400">
                  {roleLabel(t, member.role)}
                </span>
              </span>
              <span
                className={`shrink-0 text-xs font-semibold ${
                  member.has_voted
                    ? 'text-emerald-700 dark:text-emerald-300'
                    : 'text-amber-800 dark:text-amber-300'
                }`}
              >
                {member.has_voted ? t('teamView.voted') : t('teamView.pending')}
              </span>
            </li>
          );
        })}
      </ul>
      {pendingInvitations > 0 ? (
        <p className="text-xs text-slate-600 dark:text-slate-400">
          {t('teamView.openInvitations', { count: pendingInvitations })}
        </p>
      ) : null}
    </div>
  );
}
