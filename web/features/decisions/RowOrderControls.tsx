import { useState, type DragEvent } from 'react';
import { ArrowDown, ArrowUp, GripVertical, type LucideIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/Button.tsx';

/** The drag data of a row being moved: its index, under a type only these lists read. */
export const ROW_DRAG_TYPE = 'application/x-decision-row';

interface RowOrderControlsProps {
  index: number;
  count: number;
  /** The row as people read it: its name, or "Criterion 2" while it has none. */
  label: string;
  /** Ids of the two buttons, so focus can follow the row after a move. */
  upId: string;
  downId: string;
  isDisabled?: boolean;
  onMove: (from: number, to: number) => void;
}

/**
 * A drag handle (mouse and touch-pad) and Move up / Move down buttons (keyboard, screen readers and
 * phones) for a row of an ordered list; the drop itself is handled by the list item (see rowDropProps).
 */
export function RowOrderControls({
  index,
  count,
  label,
  upId,
  downId,
  isDisabled = false,
  onMove,
}: RowOrderControlsProps) {
  const { t } = useTranslation();

  function startDrag(event: DragEvent<HTMLSpanElement>) {
    event.dataTransfer.setData(ROW_DRAG_TYPE, String(index));
    event.dataTransfer.effectAllowed = 'move';
    const row = event.currentTarget.closest('li');
    if (row) event.dataTransfer.setDragImage(row, 16, 16);
  }

  // A button moves the row one place; at that end of the list it is disabled.
  function moveButton(direction: 'up' | 'down', id: string, Icon: LucideIcon) {
    const target = direction === 'up' ? index - 1 : index + 1;
    return (
      <Button
        id={id}
        variant="ghost"
        size="icon"
        aria-label={t(`decisionForm.order.${direction}`, { name: label })}
        disabled={isDisabled || target < 0 || target >= count}
        onClick={() => onMove(index, target)}
      >
        <Icon aria-hidden size={18} />
      </Button>
    );
  }

  return (
    <>
      {/* Hidden from assistive technology: the buttons beside it do the same by keyboard. */}
      <span
        aria-hidden
        draggable={!isDisabled}
        onDragStart={startDrag}
        data-testid={`drag-row-${index + 1}`}
        title={t('decisionForm.order.drag')}
        className="flex h-10 w-6 shrink-0 cursor-grab items-center justify-center text-slate-400 active:cursor-grabbing dark:text-slate-500"
      >
        <GripVertical size={18} />
      </span>
      {moveButton('up', upId, ArrowUp)}
      {moveButton('down', downId, ArrowDown)}
    </>
  );
}

/** What a list item needs to take a dragged row: it accepts the drop and moves the row to its place. */
export function rowDropProps(index: number, onMove: (from: number, to: number) => void) {
  return {
    onDragOver: (event: DragEvent<HTMLElement>) => {
      if (!event.dataTransfer.types.includes(ROW_DRAG_TYPE)) return;
      event.preventDefault();
      event.dataTransfer.dropEffect = 'move';
    },
    onDrop: (event: DragEvent<HTMLElement>) => {
      const from = Number(event.dataTransfer.getData(ROW_DRAG_TYPE));
      if (!event.dataTransfer.types.includes(ROW_DRAG_TYPE) || !Number.isInteger(from)) return;
      event.preventDefault();
      if (from !== index) onMove(from, index);
    },
  };
}

interface RowMovesOptions {
  /** The list's field name; the move buttons' ids start with it (`criteria-{id}-up`). */
  listName: string;
  /** The field array's row ids, in order. */
  ids: readonly string[];
  labelOf: (index: number) => string;
  move: (from: number, to: number) => void;
}

/**
 * Moves a row and tells screen readers where it went (they would not notice otherwise); the pressed
 * button follows its row, and at an end of the list the other direction's button takes the focus.
 */
export function useRowMoves({ listName, ids, labelOf, move }: RowMovesOptions) {
  const { t } = useTranslation();
  const [announcement, setAnnouncement] = useState('');

  function moveRow(from: number, to: number) {
    if (to < 0 || to >= ids.length) return;
    const id = ids[from];
    move(from, to);
    setAnnouncement(t('decisionForm.order.moved', { name: labelOf(from), position: to + 1 }));
    // After React rendered the new order.
    setTimeout(() => {
      const [direction, other] = to < from ? ['up', 'down'] : ['down', 'up'];
      const button = document.getElementById(`${listName}-${id}-${direction}`) as HTMLButtonElement | null;
      (button && !button.disabled ? button : document.getElementById(`${listName}-${id}-${other}`))?.focus();
    });
  }

  return { moveRow, announcement };
}
