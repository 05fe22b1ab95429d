import { useTranslation } from 'react-i18next';
import type { DecisionDetails } from '../../../shared/api/decisions.ts';
import { Card } from '../../components/ui/Card.tsx';

interface ReadOnlyListProps {
  headingId: string;
  title: string;
  emptyText: string;
  items: readonly { id: number | string; name: string }[];
}

function ReadOnlyList({ headingId, title, emptyText, items }: ReadOnlyListProps) {
  return (
    <Card>
      <section aria-labelledby={headingId} className="flex flex-col gap-3">
        <h2 id={headingId} className="text-lg font-semibold text-slate-900 dark:text-white">
          {title}
        </h2>
        {items.length ? (
          <ol className="flex list-decimal flex-col gap-1.5 pl-6 text-slate-800 dark:text-slate-200">
            {items.map((item) => (
              <li key={item.id} className="break-words">
                {item.name}
              </li>
            ))}
          </ol>
        ) : (
          <p className="text-sm text-slate-600 dark:text-slate-400">{emptyText}</p>
        )}
      </section>
    </Card>
  );
}

/** Options and criteria as plain lists: what viewers (and everyone after an AI run) can see. */
export function ReadOnlyTeamLists({ details }: { details: DecisionDetails }) {
  const { t } = useTranslation();
  return (
    <div className="grid gap-6 md:grid-cols-2 [&>*]:min-w-0">
      <ReadOnlyList
        headingId="readonly-options"
        title={t('team.options')}
        emptyText={t('team.noOptions')}
        items={details.options}
      />
      <ReadOnlyList
        headingId="readonly-criteria"
        title={t('team.criteria')}
        emptyText={t('team.noCriteria')}
        items={details.criteria}
      />
    </div>
  );
}
