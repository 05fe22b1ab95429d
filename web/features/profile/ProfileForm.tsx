import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { LoaderCircle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import {
  updateProfileRequestSchema,
  type UpdateProfileRequest,
  type User,
} from '../../../shared/api/users.ts';
import { LIMITS } from '../../../shared/limits.ts';
import { Button } from '../../components/ui/Button.tsx';
import { Card } from '../../components/ui/Card.tsx';
import { StatusLine } from '../../components/ui/StatusLine.tsx';
import { TextField } from '../../components/ui/TextField.tsx';
import { serverMessageOf } from '../../lib/api-client.ts';
import { useAuthStore } from '../../lib/auth-store.ts';
import { showServerFieldErrors, useFieldBinding } from '../../lib/form-errors.ts';
import { notify } from '../../lib/notify.ts';
import { AvatarUpload } from './AvatarUpload.tsx';
import { updateProfile } from './profile-api.ts';
import { useCurrentUserQuery } from './useCurrentUserQuery.ts';

const PROFILE_FIELDS = ['nickname', 'first_name', 'last_name', 'birthday'] as const;

function formValuesOf(user: User): UpdateProfileRequest {
  return {
    nickname: user.nickname ?? '',
    first_name: user.first_name ?? '',
    last_name: user.last_name ?? '',
    birthday: user.birthday ?? '',
  };
}

export function ProfileForm() {
  const { t } = useTranslation();
  const { isPending, isError } = useCurrentUserQuery();
  const user = useAuthStore((state) => state.user);

  if (isPending) {
    return (
      <Card className="flex min-h-96 items-center justify-center gap-3 text-slate-700 dark:text-slate-300">
        <LoaderCircle aria-hidden className="animate-spin" size={20} />
        <p role="status">{t('profile.loading')}</p>
      </Card>
    );
  }
  if (isError || !user) {
    return (
      <Card role="alert" className="text-red-700 dark:text-red-400">
        {t('profile.loadFailed')}
      </Card>
    );
  }
  return <ProfileEditor key={user.id} user={user} />;
}

function ProfileEditor({ user }: { user: User }) {
  const { t } = useTranslation();
  const setUser = useAuthStore((state) => state.setUser);
  const [saveError, setSaveError] = useState<string | null>(null);
  const [avatarError, setAvatarError] = useState<string | null>(null);
  const form = useForm({
    resolver: zodResolver(updateProfileRequestSchema),
    defaultValues: formValuesOf(user),
  });
  const field = useFieldBinding(form);
  const nicknameLength = (useWatch({ control: form.control, name: 'nickname' }) ?? '').length;

  const save = form.handleSubmit(async (profile) => {
    setSaveError(null);
    try {
      // No language here: the navbar switcher owns it, and an omitted field stays unchanged.
      const updatedUser = await updateProfile(profile);
      setUser(updatedUser);
      form.reset(formValuesOf(updatedUser));
      // A saved profile leaves no earlier problem on the page, the avatar's included.
      setAvatarError(null);
      notify('success', t('profile.saved'));
    } catch (error) {
      showServerFieldErrors(error, form.setError, PROFILE_FIELDS);
      setSaveError([t('profile.saveFailed'), serverMessageOf(error)].filter(Boolean).join(' – '));
    }
  });

  return (
    <div className="flex flex-col gap-6">
      <Card>
        <h2 className="mb-4 text-lg font-semibold">{t('avatar.title')}</h2>
        <AvatarUpload user={user} errorMessage={avatarError} onErrorMessageChange={setAvatarError} />
      </Card>
      <Card>
        <h2 className="mb-4 text-lg font-semibold">{t('profile.detailsTitle')}</h2>
        <p className="mb-4 text-sm text-slate-600 dark:text-slate-400">
          {t('profile.email', { email: user.email })}
        </p>
        <form noValidate onSubmit={save} className="grid gap-x-6 gap-y-2 sm:grid-cols-2">
          <div className="sm:col-span-2">
            <TextField
              label={t('profile.nickname')}
              maxLength={LIMITS.nickname.max}
              autoComplete="nickname"
              hint={t('profile.nicknameCounter', { current: nicknameLength, max: LIMITS.nickname.max })}
              {...field('nickname')}
            />
          </div>
          <TextField
            label={t('profile.firstName')}
            autoComplete="given-name"
            maxLength={LIMITS.personName.max}
            {...field('first_name')}
          />
          <TextField
            label={t('profile.lastName')}
            autoComplete="family-name"
            maxLength={LIMITS.personName.max}
            {...field('last_name')}
          />
          <TextField
            label={t('profile.birthday')}
            type="date"
            autoComplete="bday"
            min={LIMITS.birthday.min}
            max={new Date().toISOString().slice(0, 10)}
            {...field('birthday')}
          />
          <div className="flex flex-col gap-2 sm:col-span-2">
            <Button type="submit" className="self-start" disabled={form.formState.isSubmitting}>
              {form.formState.isSubmitting ? t('profile.saving') : t('common.save')}
            </Button>
            <StatusLine tone="error" message={saveError} />
          </div>
        </form>
      </Card>
    </div>
  );
}
