import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ImportPreview, ImportTarget } from '../../../shared/api/decision-import.ts';
import type { CreateDecisionRequest, Decision } from '../../../shared/api/decisions.ts';
import type { CreateTeamDecisionRequest } from '../../../shared/api/team.ts';
import { apiRequest } from '../../lib/api-client.ts';
import { decisionKeys } from '../../lib/query-keys.ts';
import { previewPath } from './import-model.ts';

/** A spreadsheet file or pasted cells. */
export type ImportInput = { file: File } | { text: string };

/** POST /api/decision/import/preview: reads the table; the server saves nothing. */
export function usePreviewImport(target: ImportTarget) {
  return useMutation({
    mutationFn: (input: ImportInput) => {
      if ('text' in input)
        return apiRequest<ImportPreview>(previewPath(target), { method: 'POST', json: { text: input.text } });
      const form = new FormData();
      form.append('file', input.file);
      return apiRequest<ImportPreview>(previewPath(target), { method: 'POST', formData: form });
    },
  });
}

/** Saves the preview through the existing create calls: personal or team. */
export function useCreateImported(target: ImportTarget) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: CreateDecisionRequest | CreateTeamDecisionRequest) =>
      apiRequest<Decision>(target === 'team' ? '/api/team-decisions' : '/api/decision', {
        method: 'POST',
        json: request,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: decisionKeys.all }),
  });
}
