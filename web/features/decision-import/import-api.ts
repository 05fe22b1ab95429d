import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ImportPreview, ImportTarget } from '../../../shared/api/decision-import.ts';
import type { CreateDecisionRequest, Decision } from '../../../shared/api/decisions.ts';
import type { CreateTeamDecisionRequest, TeamEditRequest } from '../../../shared/api/team.ts';
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

/** The team decision was created, but its measured values (facts) were refused or not sent. */
export class FactsNotSavedError extends Error {
  constructor(
    readonly decisionId: number,
    override readonly cause: unknown,
  ) {
    super('The measured values were not saved');
  }
}

export interface ImportedCreate {
  request: CreateDecisionRequest | CreateTeamDecisionRequest;
  /** Team decisions: the measured columns' raw values, saved right after the create (owner). */
  facts: TeamEditRequest | null;
}

/**
 * Saves the preview through the existing create calls: personal (everything in one request) or team
 * (create, then PUT …/{id} with the facts; a refused facts save throws `FactsNotSavedError`).
 */
export function useCreateImported(target: ImportTarget) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ request, facts }: ImportedCreate) => {
      const decision = await apiRequest<Decision>(
        target === 'team' ? '/api/team-decisions' : '/api/decision',
        { method: 'POST', json: request },
      );
      if (target === 'team' && facts) {
        try {
          await apiRequest(`/api/team-decisions/${decision.id}`, { method: 'PUT', json: facts });
        } catch (error) {
          throw new FactsNotSavedError(decision.id, error);
        }
      }
      return decision;
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: decisionKeys.all }),
  });
}
