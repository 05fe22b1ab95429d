import { LegalPage, type LegalSection } from '../features/legal/LegalDocument.tsx';

const IMPRINT_SECTIONS: readonly LegalSection[] = [
  { key: 'provider', shows: ['name', 'address'] },
  { key: 'contact', shows: ['email'] },
  { key: 'responsible', shows: ['name', 'address'] },
  { key: 'disputes' },
  { key: 'liabilityContent' },
  { key: 'liabilityLinks' },
];

export default function ImprintPage() {
  return <LegalPage documentKey="imprint" sections={IMPRINT_SECTIONS} />;
}
