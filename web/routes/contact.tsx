import { useTranslation } from 'react-i18next';
import { PageHeader } from '../components/ui/PageHeader.tsx';
import { ContactForm } from '../features/contact/ContactForm.tsx';

export default function ContactPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('contact.title')} lead={t('contact.lead')} />
      <ContactForm />
    </>
  );
}
