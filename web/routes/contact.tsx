import { HeaderedPage } from '../components/ui/PageHeader.tsx';
import { ContactForm } from '../features/contact/ContactForm.tsx';

export default function ContactPage() {
  return (
    <HeaderedPage titleKey="contact.title" leadKey="contact.lead">
      <ContactForm />
    </HeaderedPage>
  );
}
