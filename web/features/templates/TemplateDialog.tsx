import { useState } from 'react';
import { TriangleAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { DECISION_TEMPLATES } from '../../../shared/decision-templates.ts';
import { ModalDialog } from '../../components/ui/ModalDialog.tsx';
import { RadioGroup } from '../../components/ui/RadioGroup.tsx';
import type { Scale } from '../../lib/matrix-model.ts';
import { scaleAnchorsText } from '../../lib/scale-anchors.ts';
import {
  criteriaSetChoice,
  criteriaSetIdOf,
  groupCriteriaSets,
  templateOfCriteriaSet,
} from '../workspaces/criteria-set-model.ts';
import { useAllCriteriaSets, useWorkspacesQuery } from '../workspaces/workspaces-api.ts';
import { filledTemplate, type FilledTemplate } from './filled-template.ts';

interface TemplateDialogProps {
  /** The decision's scale: the preview names what its ends mean. */
  scale: Scale;
  /** The form holds typed content, which the template would replace: the dialog says so. */
  willReplace: boolean;
  onUse: (template: FilledTemplate) => void;
  onClose: () => void;
}

/** "Start from a template": the templates to choose from, and a preview of the chosen one. */
export function TemplateDialog({ scale, willReplace, onUse, onClose }: TemplateDialogProps) {
  const { t } = useTranslation();
  // Issue 29: beside the built-in templates, the criteria sets of the caller's workspaces.
  const workspaces = useWorkspacesQuery();
  const setQueries = useAllCriteriaSets(workspaces.data ?? []);
  const groups = groupCriteriaSets(workspaces.data ?? [], (workspaceId) => {
    const index = (workspaces.data ?? []).findIndex((workspace) => workspace.id === workspaceId);
    return setQueries[index]?.data;
  });
  const [chosenId, setChosenId] = useState<string>(DECISION_TEMPLATES[0].id);
  const chosenSetId = criteriaSetIdOf(chosenId);
  const chosenSet =
    chosenSetId === null
      ? undefined
      : groups.flatMap((group) => group.sets).find((set) => set.id === chosenSetId);
  const chosen = DECISION_TEMPLATES.find((template) => template.id === chosenId) ?? DECISION_TEMPLATES[0];
  const preview = chosenSet ? templateOfCriteriaSet(chosenSet, scale) : filledTemplate(t, chosen);

  return (
    <ModalDialog
      title={t('templates.picker.dialogTitle')}
      lead={t('templates.picker.text')}
      onClose={onClose}
      size="xl"
      actionLabel={t('templates.picker.use')}
      onAction={() => onUse(preview)}
      footerNote={
        willReplace ? (
          <p className="flex flex-1 basis-full items-start gap-2 text-sm font-medium text-amber-900 sm:basis-auto dark:text-amber-200">
            <TriangleAlert aria-hidden size={18} className="mt-0.5 shrink-0" />
            {chosenSet ? t('workspaces.templates.replaceWarning') : t('templates.picker.replaceWarning')}
          </p>
        ) : null
      }
    >
      <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        <div className="lg:max-h-[60vh] lg:overflow-y-auto lg:pr-1">
          <div className="flex flex-col gap-5">
            <RadioGroup<string>
              label={t('templates.picker.listLabel')}
              value={chosenSetId === null ? chosenId : ''}
              onChange={setChosenId}
              choices={DECISION_TEMPLATES.map((template) => {
                const texts = filledTemplate(t, template);
                return { value: template.id as string, label: texts.name, description: texts.description };
              })}
            />
            {groups.map((group) => (
              <RadioGroup<string>
                key={group.workspaceId}
                label={t('workspaces.templates.groupLabel', { name: group.workspaceName })}
                value={group.sets.some((set) => set.id === chosenSetId) ? chosenId : ''}
                onChange={setChosenId}
                choices={group.sets.map((set) => ({
                  value: criteriaSetChoice(set.id),
                  label: set.name,
                  description: t('workspaces.templates.criteriaCount', { count: set.criteria.length }),
                }))}
              />
            ))}
          </div>
        </div>
        <section aria-labelledby="template-preview-heading" className="flex flex-col gap-3">
          <h3 id="template-preview-heading" className="font-semibold text-slate-900 dark:text-white">
            {t('templates.picker.preview', { name: preview.name })}
          </h3>
          {preview.description ? (
            <p className="text-sm text-slate-700 dark:text-slate-300">{preview.description}</p>
          ) : null}
          <ul aria-label={t('templates.picker.criteriaCaption')} className="flex flex-col gap-2">
            {preview.criteria.map((criterion) => (
              <li
                key={criterion.name}
                className="rounded-lg border border-slate-200 px-3 py-2 text-sm dark:border-slate-700"
              >
                <span className="flex justify-between gap-3 font-medium text-slate-900 dark:text-white">
                  {criterion.name}
                  <span className="tabular-nums">{criterion.weight} %</span>
                </span>
                <span className="block text-slate-600 dark:text-slate-400">
                  {scaleAnchorsText(t, criterion.anchors, scale)}
                </span>
                {criterion.minimum !== undefined && criterion.minimum !== null ? (
                  <span className="block text-slate-600 dark:text-slate-400">
                    {t('workspaces.templates.minimum', { minimum: criterion.minimum })}
                  </span>
                ) : null}
              </li>
            ))}
          </ul>
          <p className="text-sm text-slate-700 dark:text-slate-300">
            {preview.options.length
              ? t('templates.picker.exampleOptions', { options: preview.options.join(', ') })
              : t('templates.picker.noExampleOptions')}
          </p>
        </section>
      </div>
    </ModalDialog>
  );
}
