import { useTranslation } from 'react-i18next';
import { LegalPage, type LegalSection } from '../features/legal/LegalDocument.tsx';

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
  { key: 'retention', shows: ['retention'] },
  { key: 'rights' },
];

/** Served at /datenschutz and /privacy. */
export default function PrivacyPage() {
  const { t } = useTranslation();
  const lead = t('privacy.lead', { appName: t('app.name') });
  return <LegalPage documentKey="privacy" sections={PRIVACY_SECTIONS} lead={lead} />;
}
