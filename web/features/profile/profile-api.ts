import { useMutation } from '@tanstack/react-query';
import type { ChangePasswordRequest, UpdateProfileRequest, User } from '../../../shared/api/users.ts';
import type { DeleteAccountRequest, DeletionPreview } from '../../../shared/api/account.ts';
import { apiRequest, apiResponse } from '../../lib/api-client.ts';
import { saveResponseAsFile } from '../export/export-api.ts';
import { useAuthStore } from '../../lib/auth-store.ts';

export function updateProfile(update: UpdateProfileRequest) {
  return apiRequest<User>('/api/users/update', { method: 'PUT', json: update });
}

/** The update endpoint replaces every profile field, so partial changes start from the current user. */
export function profileUpdateFor(user: User, changes: Partial<UpdateProfileRequest>): UpdateProfileRequest {
  return {
    nickname: user.nickname,
    first_name: user.first_name,
    last_name: user.last_name,
    birthday: user.birthday,
    language: user.language,
    ...changes,
  };
}

// The signed-in user lives in the auth store (not in the query cache): avatar changes update it there.

export function useUploadAvatar() {
  const setUser = useAuthStore((state) => state.setUser);
  return useMutation({
    mutationFn: (file: File) => {
      const formData = new FormData();
      formData.append('file', file);
      return apiRequest<User>('/api/users/me/avatar', { method: 'POST', formData });
    },
    onSuccess: setUser,
  });
}

export function useDeleteAvatar() {
  const setUser = useAuthStore((state) => state.setUser);
  return useMutation({
    mutationFn: () => apiRequest<User>('/api/users/me/avatar', { method: 'DELETE' }),
    onSuccess: setUser,
  });
}

export function changePassword(change: ChangePasswordRequest) {
  return apiRequest<{ message: string }>('/api/change-password', { method: 'POST', json: change });
}

// Issue 28: deleting one's account and taking one's data.

export const accountKeys = { deletionPreview: ['account', 'deletion-preview'] as const };

export function fetchDeletionPreview() {
  return apiRequest<DeletionPreview>('/api/users/me/deletion-preview');
}

export async function deleteAccount(request: DeleteAccountRequest): Promise<void> {
  await apiResponse('/api/users/me', { method: 'DELETE', json: request });
}

/** The ZIP of everything stored about the user, saved under the server's dated file name. */
export async function downloadMyData(): Promise<void> {
  const response = await apiResponse('/api/users/me/export');
  await saveResponseAsFile(response, 'decision-compass-data.zip');
}
