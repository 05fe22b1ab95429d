import { useTranslation } from 'react-i18next';
import { PageHeader } from '../components/ui/PageHeader.tsx';
import { LegalDocument } from '../features/legal/LegalDocument.tsx';

const PRIVACY_SECTIONS = [
  'controller',
  'overview',
  'account',
  'sessions',
  'decisions',
  'ai',
  'serverLogs',
  'browserStorage',
  'contact',
  'retention',
  'rights',
] as const;

/** Served at /datenschutz and /privacy. */
export default function PrivacyPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('privacy.title')} lead={t('privacy.lead', { appName: t('app.name') })} />
      <LegalDocument documentKey="privacy" sectionKeys={PRIVACY_SECTIONS} />
    </>
  );
}
