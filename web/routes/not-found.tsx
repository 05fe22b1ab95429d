import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../components/ui/Button.tsx';
import { PageHeader } from '../components/ui/PageHeader.tsx';

export default function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <div className="py-12 text-center">
      <p className="mb-2 text-6xl font-bold text-indigo-600 dark:text-indigo-300" aria-hidden>
        404
      </p>
      <PageHeader title={t('notFound.title')} />
      <p className="-mt-4 mb-8 text-slate-700 dark:text-slate-300">{t('notFound.text')}</p>
      <ButtonLink to="/">{t('common.backHome')}</ButtonLink>
    </div>
  );
}
