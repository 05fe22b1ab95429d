import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../components/ui/Button.tsx';
import { Card } from '../components/ui/Card.tsx';
import { PageHeader } from '../components/ui/PageHeader.tsx';
import { operator } from '../lib/operator.ts';

export default function ForgotPasswordPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('forgotPassword.title')} />
      <Card className="flex max-w-2xl flex-col gap-4">
        <p className="font-semibold text-slate-900 dark:text-white">{t('comingSoon.title')}</p>
        <p className="text-slate-700 dark:text-slate-300">
          {t('forgotPassword.comingSoon', { email: operator.email })}
        </p>
        <ButtonLink to="/login" variant="secondary" className="self-start">
          {t('forgotPassword.backToLogin')}
        </ButtonLink>
      </Card>
    </>
  );
}
