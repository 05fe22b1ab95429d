import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { buttonClasses } from '../components/ui/Button.tsx';
import { PageHeader } from '../components/ui/PageHeader.tsx';

/** errorElement of the route tree: any render or loading failure ends up here. */
export default function RouteErrorPage() {
  const { t } = useTranslation();
  const error = useRouteError();
  console.error(error);
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : null;

  return (
    <div role="alert" className="mx-auto max-w-2xl px-4 py-16">
      <PageHeader title={t('routeError.title')} lead={t('routeError.text')} />
      {detail ? (
        <pre className="mb-8 overflow-x-auto rounded-lg bg-slate-100 p-4 text-sm whitespace-pre-wrap text-slate-800 dark:bg-slate-900 dark:text-slate-200">
          {detail}
        </pre>
      ) : null}
      {/* A full page load, because the failing bundle or state may be stale. */}
      <a href="/" className={buttonClasses()}>
        {t('common.backHome')}
      </a>
    </div>
  );
}
