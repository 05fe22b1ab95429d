import { useTranslation } from 'react-i18next';
import { PageHeader } from '../components/ui/PageHeader.tsx';
import { LegalDocument, type LegalSection } from '../features/legal/LegalDocument.tsx';

const PRIVACY_SECTIONS: readonly LegalSection[] = [
  { key: 'controller', shows: ['name', 'address', 'email'] },
  { key: 'overview' },
  { key: 'account' },
  { key: 'sessions' },
  { key: 'decisions' },
  { key: 'ai' },
  { key: 'serverLogs' },
  { key: 'browserStorage' },
  { key: 'contact' },
  { key: 'retention' },
  { key: 'rights' },
];

/** Served at /datenschutz and /privacy. */
export default function PrivacyPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('privacy.title')} lead={t('privacy.lead', { appName: t('app.name') })} />
      <LegalDocument documentKey="privacy" sections={PRIVACY_SECTIONS} />
    </>
  );
}
