import { useState } from 'react';
import { ArrowDown, ArrowUp, GripVertical } from 'lucide-react';
import { Button as AriaButton, GridList, GridListItem, useDragAndDrop } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { buttonClasses } from '../../components/ui/Button.tsx';
import {
  droppedInOrder,
  movedInOrder,
  orderByWeight,
  rankedWeights,
  type WeightedCriterion,
} from './weights-model.ts';
import { WeightsDialog } from './WeightsDialog.tsx';

interface RankCriteriaDialogProps {
  criteria: readonly WeightedCriterion[];
  /** Whole percents per criterion in list order, adding up to 100. */
  onUse: (weights: number[]) => void;
  onClose: () => void;
}

const iconButton = `${buttonClasses('ghost', 'icon')} size-9 data-[disabled]:cursor-not-allowed data-[disabled]:opacity-40 data-[focus-visible]:outline-2 data-[focus-visible]:outline-indigo-600`;

/**
 * "Rank them": the criteria in order of importance, dragged (pointer or keyboard, React Aria's
 * drag and drop) or moved with the arrow buttons; the weights follow the order (rank-order centroid,
 * whole percents adding up to 100) and are shown as the order changes.
 */
export default function RankCriteriaDialog({ criteria, onUse, onClose }: RankCriteriaDialogProps) {
  const { t } = useTranslation();
  const [order, setOrder] = useState(() => orderByWeight(criteria.map((criterion) => criterion.weight)));
  const weights = rankedWeights(order);
  const { dragAndDropHooks } = useDragAndDrop({
    getItems: (keys) => [...keys].map((key) => ({ 'text/plain': criteria[Number(key)]?.label ?? '' })),
    onReorder: (event) =>
      setOrder((current) =>
        droppedInOrder(
          current,
          [...event.keys].map(Number),
          Number(event.target.key),
          event.target.dropPosition,
        ),
      ),
  });

  function move(place: number, step: -1 | 1) {
    const next = movedInOrder(order, place, place + step);
    setOrder(next);
    // At either end its button turns disabled: keep the keyboard on the row through the other one.
    const newPlace = place + step;
    const criterion = order[place]!;
    const isAtEnd = step === -1 ? newPlace === 0 : newPlace === order.length - 1;
    if (isAtEnd) {
      setTimeout(() => document.getElementById(`rank-${criterion}-${step === -1 ? 'down' : 'up'}`)?.focus());
    }
  }

  return (
    <WeightsDialog kind="rank" size="md" onClose={onClose} onAction={() => onUse(weights)}>
      <GridList
        aria-label={t('weights.rankDialog.listLabel')}
        dragAndDropHooks={dragAndDropHooks}
        className="flex flex-col gap-2"
      >
        {order.map((criterion, place) => {
          const { label } = criteria[criterion]!;
          return (
            <GridListItem
              key={criterion}
              id={criterion}
              textValue={label}
              className="flex items-center gap-2 rounded-xl border border-slate-200 bg-white px-2 py-1.5 text-sm outline-none data-[dragging]:opacity-50 data-[drop-target]:border-indigo-500 data-[focus-visible]:ring-2 data-[focus-visible]:ring-indigo-600 dark:border-slate-700 dark:bg-slate-900"
            >
              <AriaButton
                slot="drag"
                aria-label={t('weights.rankDialog.drag', { name: label })}
                className="flex size-8 cursor-grab items-center justify-center rounded-md text-slate-500 dark:text-slate-400"
              >
                <GripVertical aria-hidden size={18} />
              </AriaButton>
              <span className="w-16 shrink-0 text-slate-600 tabular-nums dark:text-slate-400">
                {t('weights.rankDialog.place', { place: place + 1 })}
              </span>
              <span className="min-w-0 flex-1 font-medium break-words text-slate-900 dark:text-white">
                {label}
              </span>
              <span className="w-12 shrink-0 text-right font-semibold text-slate-900 tabular-nums dark:text-white">
                {weights[criterion]} %
              </span>
              <AriaButton
                id={`rank-${criterion}-up`}
                aria-label={t('weights.rankDialog.moveUp', { name: label })}
                isDisabled={place === 0}
                onPress={() => move(place, -1)}
                className={iconButton}
              >
                <ArrowUp aria-hidden size={16} />
              </AriaButton>
              <AriaButton
                id={`rank-${criterion}-down`}
                aria-label={t('weights.rankDialog.moveDown', { name: label })}
                isDisabled={place === order.length - 1}
                onPress={() => move(place, 1)}
                className={iconButton}
              >
                <ArrowDown aria-hidden size={16} />
              </AriaButton>
            </GridListItem>
          );
        })}
      </GridList>
    </WeightsDialog>
  );
}
