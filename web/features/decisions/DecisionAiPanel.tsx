import { useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { cellKey } from '../../lib/matrix-model.ts';
import { notify } from '../../lib/notify.ts';
import type { AiRequestPreparation } from '../ai/ai-api.ts';
import { AiEvaluationPanel } from '../ai/AiEvaluationPanel.tsx';
import { handMadeScoreCount, importanceOf, type DecisionFormValues } from './decision-form-model.ts';

interface DecisionAiPanelProps {
  hasRun: boolean;
  missingCount: number;
  onCompleted: (missingCount: number) => void;
}

/**
 * The AI panel bound to the decision form: it checks the form, asks with the form's names, and
 * writes each answer into the grid cell of the rows it was asked about (even if rows change meanwhile).
 */
export function DecisionAiPanel({ hasRun, missingCount, onCompleted }: DecisionAiPanelProps) {
  const { t } = useTranslation();
  const { control, getValues, setValue, trigger, setFocus } = useFormContext<DecisionFormValues>();
  const [options, criteria] = useWatch({ control, name: ['options', 'criteria'] });

  async function prepareRequest(): Promise<AiRequestPreparation> {
    if (!(await trigger(['name', 'options', 'criteria']))) {
      notify('error', t('decisionForm.fillOutAllFields'));
      return { kind: 'invalid' };
    }
    const values = getValues();
    if (!values.description.trim()) {
      setFocus('description');
      return { kind: 'blocked', reason: t('ai.needsDescription') };
    }
    return {
      kind: 'ready',
      request: {
        decisionName: values.name.trim(),
        description: values.description.trim(),
        options: values.options.map((option) => option.name.trim()),
        criteria: values.criteria.map((criterion) => ({
          name: criterion.name.trim(),
          importance: importanceOf(criterion.importance),
        })),
      },
      fill: (result) => {
        for (const recommendation of result.recommendations) {
          const option = values.options[recommendation.option_index];
          for (const cell of recommendation.bewertungen) {
            const criterion = values.criteria[cell.criterion_index];
            if (!option || !criterion) continue;
            const key = cellKey(option.rowKey, criterion.rowKey);
            setValue(`scores.${key}`, String(cell.value), { shouldDirty: true });
            setValue(`explanations.${key}`, cell.explanation || null, { shouldDirty: true });
            // Kept apart from the value, which the user may change: saved as ai_value / ai_explanation.
            setValue(
              `aiProposals.${key}`,
              { value: cell.value, explanation: cell.explanation || null },
              { shouldDirty: true },
            );
          }
        }
      },
    };
  }

  return (
    <AiEvaluationPanel
      hasRun={hasRun}
      missingCount={missingCount}
      optionCount={options.length}
      criterionCount={criteria.length}
      prepareRequest={prepareRequest}
      countReplacedScores={() => handMadeScoreCount(getValues())}
      onCompleted={onCompleted}
    />
  );
}
