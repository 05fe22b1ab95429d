import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import { Camera, LoaderCircle, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { User } from '../../../shared/api/users.ts';
import { LIMITS } from '../../../shared/limits.ts';
import { Avatar } from '../../components/ui/Avatar.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { useFormatters } from '../../lib/format.ts';
import { notify } from '../../lib/notify.ts';
import { useDeleteAvatar, useUploadAvatar } from './profile-api.ts';

interface AvatarUploadProps {
  user: User;
  /** The last upload or removal problem; the page clears it too, e.g. after a successful profile save. */
  errorMessage: string | null;
  onErrorMessageChange: (message: string | null) => void;
}

export function AvatarUpload({
  user,
  errorMessage,
  onErrorMessageChange: setErrorMessage,
}: AvatarUploadProps) {
  const { t } = useTranslation();
  const format = useFormatters();
  const fileInput = useRef<HTMLInputElement>(null);
  // The chosen file is shown at once, while it uploads; afterwards the server's re-encoded image replaces it.
  const [previewUrl, setPreviewUrl] = useState<string | null>(null);

  useEffect(() => () => void (previewUrl && URL.revokeObjectURL(previewUrl)), [previewUrl]);

  function showError(message: string) {
    const text = t('avatar.error', { message });
    setErrorMessage(text);
    notify('error', text);
  }

  const upload = useUploadAvatar();
  const removal = useDeleteAvatar();

  function uploadChosenFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = ''; // lets the same file be chosen again after an error
    if (!file) return;
    if (!file.type.startsWith('image/')) return showError(t('avatar.notAnImage'));
    if (file.size > LIMITS.avatar.maxBytes) return showError(t('validation.fileTooLarge'));
    setErrorMessage(null);
    setPreviewUrl(URL.createObjectURL(file));
    upload.mutate(file, {
      onSuccess: () => notify('success', t('avatar.uploaded')),
      onError: (error) => showError(error.message),
      onSettled: () => setPreviewUrl(null),
    });
  }

  const isBusy = upload.isPending || removal.isPending;

  return (
    <div className="flex flex-col items-center gap-4 sm:flex-row sm:items-center">
      <div className="relative">
        <Avatar src={previewUrl ?? user.avatar_url} size={96} alt={t('avatar.alt')} />
        {upload.isPending ? (
          <span className="absolute inset-0 flex items-center justify-center rounded-full bg-slate-900/40">
            <LoaderCircle aria-hidden className="animate-spin text-white" size={28} />
          </span>
        ) : null}
      </div>
      <div className="flex flex-col items-center gap-2 sm:items-start">
        <input
          ref={fileInput}
          type="file"
          accept="image/*"
          hidden
          aria-label={t('avatar.choose')}
          onChange={uploadChosenFile}
        />
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" disabled={isBusy} onClick={() => fileInput.current?.click()}>
            <Camera aria-hidden size={16} />
            {upload.isPending ? t('avatar.uploading') : t('avatar.choose')}
          </Button>
          {user.avatar_url ? (
            <Button
              variant="danger"
              disabled={isBusy}
              onClick={() => {
                setErrorMessage(null);
                removal.mutate(undefined, {
                  onSuccess: () => notify('success', t('avatar.removed')),
                  onError: (error) => showError(error.message),
                });
              }}
            >
              <Trash2 aria-hidden size={16} />
              {t('avatar.remove')}
            </Button>
          ) : null}
        </div>
        <p
          role="status"
          className={`min-h-5 text-sm ${errorMessage ? 'text-red-700 dark:text-red-400' : 'text-slate-600 dark:text-slate-400'}`}
        >
          {errorMessage ?? t('avatar.hint', { side: format.plain(LIMITS.avatar.maxSidePx) })}
        </p>
      </div>
    </div>
  );
}
