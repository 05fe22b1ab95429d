import { useTranslation } from 'react-i18next';
import { LIMITS } from '../../../shared/limits.ts';
import { TextField } from '../../components/ui/TextField.tsx';
import type { FieldBinding } from '../../lib/form-errors.ts';

interface NewPasswordFieldsProps {
  passwordLabel: string;
  confirmLabel: string;
  password: FieldBinding;
  confirm: FieldBinding;
}

/** A new password with its length hint, then typed again to catch a typo. */
export function NewPasswordFields({
  passwordLabel,
  confirmLabel,
  password,
  confirm,
}: NewPasswordFieldsProps) {
  const { t } = useTranslation();
  return (
    <>
      <TextField
        label={passwordLabel}
        type="password"
        autoComplete="new-password"
        required
        hint={t('register.passwordHint', { min: LIMITS.password.min })}
        {...password}
      />
      <TextField label={confirmLabel} type="password" autoComplete="new-password" required {...confirm} />
    </>
  );
}
