import { useTranslation } from 'react-i18next';
import { useAuthStore } from '../../lib/auth-store.ts';

/** A person as the API lists them: the account (null for a pending invitation) and its display name. */
export interface ListedPerson {
  user_id: number | null;
  /** shared/display-name.ts, applied by the server. */
  display_name: string | null;
}

/**
 * The name a reader sees for a person in members, team status and comments: "You" for the reader,
 * else the server's display name (nickname → first and last name → the e-mail before the @).
 */
export function usePersonName(): (person: ListedPerson) => string {
  const { t } = useTranslation();
  const readerId = useAuthStore((state) => state.user?.id);
  return (person) => {
    if (person.user_id !== null && person.user_id === readerId) return t('people.you');
    return person.display_name ?? t('people.unknown');
  };
}
