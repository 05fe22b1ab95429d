import { useState } from 'react';
import { useFormContext } from 'react-hook-form';
import { ChevronDown, Lightbulb, SlidersHorizontal } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/Button.tsx';
import { Card } from '../../components/ui/Card.tsx';
import { ConfirmDialog } from '../../components/ui/ConfirmDialog.tsx';
import { SelectField } from '../../components/ui/SelectField.tsx';
import { notify } from '../../lib/notify.ts';
import { ModeSelectField } from '../ai/ModeSelectField.tsx';
import { TemplatePicker } from '../templates/TemplatePicker.tsx';
import {
  exampleDecisionForm,
  hasDecisionContent,
  PERSONAL_SCALE,
  templateDecisionForm,
  type DecisionFormValues,
} from './decision-form-model.ts';

export const MORE_SETTINGS_ID = 'decision-more-settings';

/** "More settings": the one button that reveals every advanced control of the decision form. */
export function MoreSettingsToggle({ isOpen, onToggle }: { isOpen: boolean; onToggle: () => void }) {
  const { t } = useTranslation();
  return (
    <Button variant="ghost" aria-expanded={isOpen} aria-controls={MORE_SETTINGS_ID} onClick={onToggle}>
      <SlidersHorizontal aria-hidden size={16} />
      {t('decisionForm.moreSettings')}
      <ChevronDown
        aria-hidden
        size={16}
        className={`transition-transform motion-reduce:transition-none ${isOpen ? 'rotate-180' : ''}`}
      />
    </Button>
  );
}

interface MoreSettingsPanelProps {
  /** New decisions start from a template or SPEC's comparison demo; edits do not. */
  allowsStartingPoints?: boolean;
  /** After a template or the example replaced the form: the flow continues with its content. */
  onReplaced?: () => void;
}

/**
 * The decision-wide advanced settings shown while "More settings" is open: starting points (templates,
 * the demo), mode and visibility. Per-row ones (AI suggestions, must-haves, anchors, weight tools) open
 * in their own step at the same time.
 */
export function MoreSettingsPanel({ allowsStartingPoints = false, onReplaced }: MoreSettingsPanelProps) {
  const { t } = useTranslation();
  const { register, reset, getValues } = useFormContext<DecisionFormValues>();
  const [isExampleDialogOpen, setIsExampleDialogOpen] = useState(false);

  function loadExample() {
    setIsExampleDialogOpen(false);
    reset(exampleDecisionForm(t, getValues()));
    notify('success', t('decisionForm.example.loaded'));
    onReplaced?.();
  }

  function requestExample() {
    const values = getValues();
    const hasContent =
      values.options.some((option) => option.name.trim()) ||
      values.criteria.some((criterion) => criterion.name.trim()) ||
      Object.values(values.scores).some(Boolean);
    if (hasContent) setIsExampleDialogOpen(true);
    else loadExample();
  }

  return (
    <section
      id={MORE_SETTINGS_ID}
      aria-label={t('decisionForm.moreSettings')}
      className="flex flex-col gap-4"
    >
      {allowsStartingPoints ? (
        <>
          <TemplatePicker
            scale={PERSONAL_SCALE}
            hasContent={() => hasDecisionContent(getValues())}
            onUse={(template) => {
              reset(templateDecisionForm(template, getValues()));
              onReplaced?.();
            }}
          />
          <Card tone="indigo" className="flex flex-col gap-4 sm:flex-row sm:items-center">
            <Lightbulb aria-hidden size={28} className="shrink-0 text-indigo-600 dark:text-indigo-300" />
            <div className="flex-1">
              <p className="font-semibold text-slate-900 dark:text-white">
                {t('decisionForm.example.title')}
              </p>
              <p className="text-sm text-slate-700 dark:text-slate-300">{t('decisionForm.example.text')}</p>
            </div>
            <Button variant="secondary" onClick={requestExample} className="self-start sm:self-center">
              {t('decisionForm.example.load')}
            </Button>
          </Card>
        </>
      ) : null}
      <Card className="grid gap-x-6 gap-y-2 sm:grid-cols-2">
        <ModeSelectField
          label={t('decisionForm.mode')}
          hint={t('decisionForm.modeHint')}
          manualLabel={t('decision.mode.manual')}
          aiLabel={t('decision.mode.ai')}
          {...register('mode')}
        />
        <SelectField label={t('decisionForm.type')} hint={t('decisionForm.typeHint')} {...register('type')}>
          <option value="private">{t('decision.type.private')}</option>
          <option value="public">{t('decision.type.public')}</option>
        </SelectField>
      </Card>
      <ConfirmDialog
        isOpen={isExampleDialogOpen}
        title={t('decisionForm.example.title')}
        message={t('decisionForm.example.replaceConfirm')}
        confirmLabel={t('decisionForm.example.load')}
        onConfirm={loadExample}
        onCancel={() => setIsExampleDialogOpen(false)}
      />
    </section>
  );
}
