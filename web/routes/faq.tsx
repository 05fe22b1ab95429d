import { useTranslation } from 'react-i18next';
import { PageHeader } from '../components/ui/PageHeader.tsx';
import { FaqList } from '../features/faq/FaqList.tsx';
import { Glossary } from '../features/faq/Glossary.tsx';

export default function FaqPage() {
  const { t } = useTranslation();
  return (
    <div className="max-w-3xl">
      <PageHeader title={t('faq.title')} lead={t('faq.lead')} />
      <FaqList />
      <Glossary />
    </div>
  );
}
