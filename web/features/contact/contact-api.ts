import type { ContactResponse } from '../../../shared/api/contact.ts';
import { apiRequest } from '../../lib/api-client.ts';
import type { ContactFormValues } from './contact-schema.ts';

export function sendContactMessage(values: ContactFormValues) {
  const form = new FormData();
  form.append('firstname', values.firstname);
  form.append('lastname', values.lastname);
  form.append('email', values.email);
  if (values.topic) form.append('topic', values.topic);
  form.append('message', values.message);
  form.append('consent', values.consent ? 'true' : '');
  const file = values.attachment?.[0];
  if (file) form.append('attachment', file, file.name);
  return apiRequest<ContactResponse>('/api/contact', { method: 'POST', formData: form });
}
