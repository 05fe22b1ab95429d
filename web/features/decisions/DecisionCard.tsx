import { memo } from 'react';
import {
  BarChart3,
  CircleCheck,
  Eye,
  FileSpreadsheet,
  FileText,
  Pencil,
  Trash2,
  Vote,
  type LucideIcon,
} from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { DecisionListItem } from '../../../shared/api/decisions.ts';
import type { ExportFormat } from '../../../shared/api/export.ts';
import { ButtonLink } from '../../components/ui/Button.tsx';
import { ActionMenu, ActionMenuItem, ActionMenuSeparator } from '../../components/ui/Menu.tsx';
import { NetworkError, serverMessageOf } from '../../lib/api-client.ts';
import type { useFormatters } from '../../lib/format.ts';
import { notify } from '../../lib/notify.ts';
import { downloadExport } from '../export/export-api.ts';
import { DecisionBadges } from './DecisionBadges.tsx';
import { WorkspaceBadge } from './WorkspaceBadge.tsx';

interface DecisionCardProps {
  decision: DecisionListItem;
  format: ReturnType<typeof useFormatters>;
  onDelete: (decision: Pick<DecisionListItem, 'id' | 'name'>) => void;
}

/** Team results carry 2 decimals, personal totals 1, as on the decision's own page. */
const decimalsOf = (decision: Pick<DecisionListItem, 'is_team'>) => (decision.is_team ? 2 : 1);

/** One dashboard card; memoised because a dashboard may page through thousands of decisions. */
export const DecisionCard = memo(function DecisionCard({ decision, format, onDelete }: DecisionCardProps) {
  const { t } = useTranslation();
  // Every card has the same buttons; the accessible name says which decision each one acts on.
  const labelFor = (action: string) => `${action}: ${decision.name}`;
  const leading = decision.leading_option;
  // Once voting ended (deadline or AI), there is nothing left to vote on: the result is what counts.
  const isVotingOver = decision.is_team && decision.lock !== null;
  // SPEC.md: only the owner deletes.
  const isOwner = decision.role === 'owner';
  const { workspace } = decision;

  async function download(fileFormat: ExportFormat) {
    try {
      await downloadExport(decision.id, fileFormat);
    } catch (error) {
      notify(
        'error',
        serverMessageOf(error) ?? (error instanceof NetworkError ? error.message : t('export.failed')),
      );
    }
  }

  return (
    <li className="flex">
      <article
        aria-labelledby={`decision-${decision.id}-name`}
        className="flex w-full flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm transition-shadow hover:shadow-md dark:border-slate-800 dark:bg-slate-900"
      >
        <div className="flex items-start justify-between gap-3">
          <DecisionBadges decision={decision} status={decision} />
          {leading ? (
            <span className="shrink-0 rounded-lg bg-indigo-50 px-2 py-1 text-sm font-semibold text-indigo-800 tabular-nums dark:bg-indigo-950 dark:text-indigo-200">
              {t('decision.score', { score: format.number(leading.total, decimalsOf(decision)) })}
            </span>
          ) : null}
        </div>
        <h2
          id={`decision-${decision.id}-name`}
          className="line-clamp-2 text-lg font-semibold break-words text-slate-900 dark:text-white"
        >
          {decision.name}
        </h2>
        {workspace ? (
          <p className="-mt-1 flex min-w-0">
            <WorkspaceBadge workspace={workspace} />
          </p>
        ) : null}
        {decision.description ? (
          <p className="line-clamp-3 text-sm break-words text-slate-700 dark:text-slate-300">
            {decision.description}
          </p>
        ) : null}
        {decision.outcome_option ? (
          <p className="flex min-w-0 items-center gap-2 text-sm font-semibold text-emerald-800 dark:text-emerald-300">
            <CircleCheck aria-hidden size={16} className="shrink-0" />
            <span className="truncate">
              {t('decision.chosenOption', { name: decision.outcome_option.name })}
            </span>
          </p>
        ) : null}
        <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
          <dt className="text-slate-600 dark:text-slate-400">{t('decision.leadingOption')}</dt>
          <dd className="min-w-0 truncate font-medium text-slate-900 dark:text-slate-100">
            {decision.results_hidden_until
              ? t('decision.resultsHidden')
              : leading
                ? leading.name
                : // "No votes yet" only while nobody voted in full; complete votes without a leader
                  // (no weights, every option knocked out) are "No result yet" (issue 25).
                  decision.is_team && (decision.participation?.complete ?? 0) === 0
                  ? t('decision.noVotesYet')
                  : t('decision.noResultYet')}
          </dd>
          {decision.is_team && decision.timer ? (
            <>
              <dt className="text-slate-600 dark:text-slate-400">{t('decision.deadline')}</dt>
              <dd className="text-slate-800 dark:text-slate-200">
                <time dateTime={decision.timer}>{format.dateTime(decision.timer)}</time>
              </dd>
            </>
          ) : null}
          {decision.participation ? (
            <>
              <dt className="text-slate-600 dark:text-slate-400">{t('decision.participation')}</dt>
              <dd className="text-slate-800 tabular-nums dark:text-slate-200">
                {t('decision.participationCount', {
                  count: decision.participation.complete,
                  voters: decision.participation.voters,
                })}
              </dd>
            </>
          ) : null}
        </dl>
        <dl className="mt-auto grid grid-cols-[auto_1fr] gap-x-3 text-xs text-slate-600 dark:text-slate-400">
          <dt>{t('decision.created')}</dt>
          <dd>
            <time dateTime={decision.created_at}>{format.date(decision.created_at)}</time>
          </dd>
          <dt>{t('decision.updated')}</dt>
          <dd>
            <time dateTime={decision.updated_at}>{format.date(decision.updated_at)}</time>
          </dd>
        </dl>
        <div className="flex flex-wrap items-center gap-2 border-t border-slate-100 pt-3 dark:border-slate-800">
          {cardLinksOf(decision, isVotingOver).map(({ to, label, Icon }) => (
            <ButtonLink key={label} to={to} variant="secondary" size="sm" aria-label={labelFor(t(label))}>
              <Icon aria-hidden size={14} />
              {t(label)}
            </ButtonLink>
          ))}
          <span className="ml-auto">
            <ActionMenu label={t('dashboard.moreActions', { name: decision.name })}>
              <ActionMenuItem textValue={t('export.downloadPdf')} onAction={() => void download('pdf')}>
                <FileText aria-hidden size={16} />
                {t('export.downloadPdf')}
              </ActionMenuItem>
              <ActionMenuItem textValue={t('export.downloadCsv')} onAction={() => void download('csv')}>
                <FileSpreadsheet aria-hidden size={16} />
                {t('export.downloadCsv')}
              </ActionMenuItem>
              {isOwner ? <ActionMenuSeparator /> : null}
              {isOwner ? (
                <ActionMenuItem
                  tone="danger"
                  textValue={t('decision.delete')}
                  onAction={() => onDelete({ id: decision.id, name: decision.name })}
                >
                  <Trash2 aria-hidden size={16} />
                  {t('decision.delete')}
                </ActionMenuItem>
              ) : null}
            </ActionMenu>
          </span>
        </div>
      </article>
    </li>
  );
});

/**
 * The card's links, main action first: "Results" once voting ended; otherwise Vote (team), Details
 * and Edit (personal), as SPEC.md's dashboard lists them.
 */
function cardLinksOf(
  decision: Pick<DecisionListItem, 'id' | 'is_team'>,
  isVotingOver: boolean,
): { to: string; label: string; Icon: LucideIcon }[] {
  if (isVotingOver)
    return [{ to: `/team-decision/${decision.id}`, label: 'decision.results', Icon: BarChart3 }];
  return [
    ...(decision.is_team
      ? [{ to: `/team-decision/${decision.id}/edit`, label: 'decision.vote', Icon: Vote }]
      : []),
    { to: `/decision/${decision.id}`, label: 'decision.details', Icon: Eye },
    ...(decision.is_team
      ? []
      : [{ to: `/decision/${decision.id}/edit`, label: 'decision.edit', Icon: Pencil }]),
  ];
}
