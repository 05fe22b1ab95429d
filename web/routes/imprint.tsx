import { useTranslation } from 'react-i18next';
import { PageHeader } from '../components/ui/PageHeader.tsx';
import { LegalDocument, type LegalSection } from '../features/legal/LegalDocument.tsx';

const IMPRINT_SECTIONS: readonly LegalSection[] = [
  { key: 'provider', shows: ['name', 'address'] },
  { key: 'contact', shows: ['email'] },
  { key: 'responsible', shows: ['name', 'address'] },
  { key: 'disputes' },
  { key: 'liabilityContent' },
  { key: 'liabilityLinks' },
];

export default function ImprintPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('imprint.title')} />
      <LegalDocument documentKey="imprint" sections={IMPRINT_SECTIONS} />
    </>
  );
}
