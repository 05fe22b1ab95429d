import { useState } from 'react';
import { LayoutTemplate } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/Button.tsx';
import { Card } from '../../components/ui/Card.tsx';
import type { Scale } from '../../lib/matrix-model.ts';
import { notify } from '../../lib/notify.ts';
import type { FilledTemplate } from './filled-template.ts';
import { TemplateDialog } from './TemplateDialog.tsx';

interface TemplatePickerProps {
  scale: Scale;
  /** Whether the form holds something typed that a template would replace (asked when opening). */
  hasContent: () => boolean;
  onUse: (template: FilledTemplate) => void;
}

/** "Start from a template" on the new-decision forms: a card that opens the template dialog. */
export function TemplatePicker({ scale, hasContent, onUse }: TemplatePickerProps) {
  const { t } = useTranslation();
  const [dialog, setDialog] = useState<{ willReplace: boolean } | null>(null);

  function use(template: FilledTemplate) {
    setDialog(null);
    onUse(template);
    notify('success', t('templates.picker.applied', { name: template.name }));
  }

  return (
    <Card tone="indigo" className="flex flex-col gap-4 sm:flex-row sm:items-center">
      <LayoutTemplate aria-hidden size={28} className="shrink-0 text-indigo-600 dark:text-indigo-300" />
      <div className="flex-1">
        <p className="font-semibold text-slate-900 dark:text-white">{t('templates.picker.title')}</p>
        <p className="text-sm text-slate-700 dark:text-slate-300">{t('templates.picker.text')}</p>
      </div>
      <Button
        variant="secondary"
        onClick={() => setDialog({ willReplace: hasContent() })}
        className="self-start sm:self-center"
      >
        {t('templates.picker.open')}
      </Button>
      {dialog ? (
        <TemplateDialog
          scale={scale}
          willReplace={dialog.willReplace}
          onUse={use}
          onClose={() => setDialog(null)}
        />
      ) : null}
    </Card>
  );
}
