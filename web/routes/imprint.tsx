import { useTranslation } from 'react-i18next';
import { PageHeader } from '../components/ui/PageHeader.tsx';
import { LegalDocument } from '../features/legal/LegalDocument.tsx';

const IMPRINT_SECTIONS = [
  'provider',
  'contact',
  'responsible',
  'disputes',
  'liabilityContent',
  'liabilityLinks',
] as const;

export default function ImprintPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('imprint.title')} />
      <LegalDocument documentKey="imprint" sectionKeys={IMPRINT_SECTIONS} />
    </>
  );
}
