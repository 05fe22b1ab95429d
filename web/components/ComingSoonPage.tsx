import { Hourglass } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from './ui/Button.tsx';
import { Card } from './ui/Card.tsx';
import { PageHeader } from './ui/PageHeader.tsx';

/** The only allowed placeholder: an honest notice for pages whose issue is not done yet. */
export function ComingSoonPage({ title }: { title: string }) {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={title} />
      <Card className="flex max-w-2xl items-start gap-4">
        <Hourglass aria-hidden size={28} className="mt-1 shrink-0 text-indigo-600 dark:text-indigo-300" />
        <div className="flex flex-col gap-4">
          <p className="font-semibold text-slate-900 dark:text-white">{t('comingSoon.title')}</p>
          <p className="text-slate-700 dark:text-slate-300">{t('comingSoon.text')}</p>
          <ButtonLink to="/" variant="secondary" className="self-start">
            {t('common.backHome')}
          </ButtonLink>
        </div>
      </Card>
    </>
  );
}
