import { useState, type KeyboardEvent, type ReactNode } from 'react';
import { Plus, Trash2 } from 'lucide-react';
import { useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { LIMITS } from '../../../shared/limits.ts';
import { Button } from '../../components/ui/Button.tsx';
import { SectionCard } from '../../components/ui/SectionCard.tsx';
import { inputClasses } from '../../components/ui/TextField.tsx';
import { duplicateIndexes, duplicatePositions } from '../../lib/matrix-model.ts';
import { AiSuggestions } from '../ai-suggestions/AiSuggestions.tsx';
import { SuggestedBadge } from '../ai-suggestions/SuggestedBadge.tsx';
import {
  isSuggestedRow,
  placeOfSuggestion,
  suggestionsRequestOf,
  type RowSuggestion,
} from '../ai-suggestions/suggestions-model.ts';
import { leftTrimmed } from './form-inputs.ts';
import { RowOrderControls, rowDropProps } from './RowOrderControls.tsx';

interface NamedRow {
  name: string;
  /** The name the AI suggested, for a row added from a suggestion (see isSuggestedRow). */
  suggestedName?: string;
}

/** The fields of the surrounding react-hook-form this editor works on (personal or team forms). */
interface NameRowsFormValues {
  name: string;
  description: string;
  options: NamedRow[];
  criteria: NamedRow[];
}

export interface NameRowsEditorProps {
  name: 'options' | 'criteria';
  /** Whose texts label the rows: the personal form's or the team forms'. */
  textsFrom: 'decisionForm' | 'team';
  newRow: () => NamedRow;
  /** The personal form keeps at least one row of each list; team lists may be empty. */
  minRows?: number;
  /** The personal form turns every copy of a repeated name red; team forms flag the later copies. */
  isEveryCopyFlagged?: boolean;
  isDisabled?: boolean;
  /** The schema's or server's message for a row's name, already translated. */
  nameErrorOf?: (index: number) => string | undefined;
  /** Controls between the name and the remove button (a criterion's importance). */
  renderAfterName?: (index: number) => ReactNode;
  /** More messages under a row (e.g. about its importance). */
  renderBelow?: (index: number) => ReactNode;
  /** Shown beside the add button. */
  footer?: ReactNode;
  /** The order means something (criteria by importance): drag handles and Move up / down buttons. */
  isOrderable?: boolean;
  /**
   * Enter in a name moves to the next row, adding one after the last (no click needed); on an empty
   * last row it submits the form as usual.
   */
  addsRowOnEnter?: boolean;
  /** Offers the AI's suggestions for the list (the form's title, description and both lists are sent). */
  suggestions?: {
    /** A suggested criterion's importance as the form types it; absent where the form has none. */
    importanceOf?: (importance: number) => string | number;
  };
}

/** Rows whose name repeats: the later copies (the ones left out on save), or every copy. */
function flaggedRows(names: readonly string[], isEveryCopyFlagged: boolean): Set<number> {
  return isEveryCopyFlagged ? duplicatePositions(names) : duplicateIndexes(names);
}

/** The one editor of option and criterion rows: add, remove, left-trimmed names, duplicates flagged. */
export function NameRowsEditor({
  name,
  textsFrom,
  newRow,
  minRows = 0,
  isEveryCopyFlagged = false,
  isDisabled = false,
  nameErrorOf,
  renderAfterName,
  renderBelow,
  footer,
  suggestions,
  isOrderable = false,
  addsRowOnEnter = false,
}: NameRowsEditorProps) {
  const { t } = useTranslation();
  const { control, register, setFocus, getValues } = useFormContext<NameRowsFormValues>();
  const { fields, append, remove, update, move } = useFieldArray({ control, name });
  // Said to screen readers after a move, which they would otherwise not notice.
  const [moveAnnouncement, setMoveAnnouncement] = useState('');
  const rows = useWatch({ control, name });
  const duplicates = flaggedRows(
    rows.map((row) => row.name),
    isEveryCopyFlagged,
  );
  const kind = name === 'options' ? 'option' : 'criterion';
  const Kind = name === 'options' ? 'Option' : 'Criterion';
  const maxRows = kind === 'option' ? LIMITS.decision.maxOptions : LIMITS.decision.maxCriteria;
  const maxLength = kind === 'option' ? LIMITS.decision.optionNameMax : LIMITS.decision.criterionNameMax;
  const duplicateMessage = t(textsFrom === 'team' ? 'team.duplicate' : 'validation.duplicateName');

  // After React rendered the change: keep the keyboard user in the list.
  const focusRow = (index: number) => setTimeout(() => setFocus(`${name}.${index}.name`));

  function add() {
    append(newRow());
    focusRow(fields.length);
  }

  function removeRow(index: number) {
    remove(index);
    focusRow(Math.min(index, fields.length - 2));
  }

  function moveRow(from: number, to: number) {
    if (to < 0 || to >= fields.length) return;
    const id = fields[from]?.id;
    const label = rows[from]?.name.trim() || t(`${textsFrom}.${kind}Name`, { number: from + 1 });
    move(from, to);
    setMoveAnnouncement(t('decisionForm.order.moved', { name: label, position: to + 1 }));
    // The pressed button follows its row; at an end of the list the other direction's button takes it.
    setTimeout(() => {
      const direction = to < from ? 'up' : 'down';
      const other = direction === 'up' ? 'down' : 'up';
      const button = document.getElementById(`${name}-${id}-${direction}`) as HTMLButtonElement | null;
      (button && !button.disabled ? button : document.getElementById(`${name}-${id}-${other}`))?.focus();
    });
  }

  function nextRowOnEnter(event: KeyboardEvent<HTMLInputElement>, index: number) {
    if (!addsRowOnEnter || event.key !== 'Enter' || event.nativeEvent.isComposing) return;
    if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
    const isLast = index + 1 >= fields.length;
    // Enter on an empty last row ends the list: the form's own Enter (Next, or Save) takes over.
    if (isLast && !getValues(`${name}.${index}.name`).trim()) return;
    event.preventDefault();
    if (!isLast) setFocus(`${name}.${index + 1}.name`);
    else if (fields.length < maxRows) add();
  }

  function addSuggestion(suggestion: RowSuggestion) {
    const current = getValues(name);
    const suggestedName = suggestion.name.trim();
    const importanceOf = suggestions?.importanceOf;
    const fill = {
      name: suggestedName,
      suggestedName,
      ...(importanceOf && suggestion.importance !== undefined
        ? { importance: importanceOf(suggestion.importance) }
        : {}),
    };
    const place = placeOfSuggestion(current, maxRows);
    if (place.kind === 'fill') update(place.index, { ...current[place.index]!, ...fill });
    else if (place.kind === 'append') append({ ...newRow(), ...fill });
  }

  return (
    <div className="flex flex-col gap-3">
      {fields.length ? (
        <ol className="flex flex-col gap-3">
          {fields.map((field, index) => {
            const number = index + 1;
            const rowLabel = t(`${textsFrom}.${kind}Name`, { number });
            const nameMessage = duplicates.has(index) ? duplicateMessage : nameErrorOf?.(index);
            const messageId = `${name}-${field.id}-name-message`;
            const isSuggested = rows[index] ? isSuggestedRow(rows[index]) : false;
            const badgeId = `${name}-${field.id}-suggested`;
            const describedBy = [nameMessage ? messageId : null, isSuggested ? badgeId : null]
              .filter(Boolean)
              .join(' ');
            return (
              <li
                key={field.id}
                className="flex flex-col gap-1"
                {...(isOrderable && !isDisabled ? rowDropProps(index, moveRow) : {})}
              >
                <div className="flex flex-wrap items-center gap-2 sm:flex-nowrap">
                  <span
                    aria-hidden
                    className="w-6 shrink-0 text-right text-sm font-medium text-slate-500 tabular-nums dark:text-slate-400"
                  >
                    {number}.
                  </span>
                  <input
                    aria-label={rowLabel}
                    aria-invalid={nameMessage ? true : undefined}
                    aria-describedby={describedBy || undefined}
                    maxLength={maxLength}
                    disabled={isDisabled}
                    // "Option 1", "Option 2", …: each empty row says which one it is.
                    placeholder={rowLabel}
                    className={`${inputClasses} h-10 min-w-0 flex-1 basis-40 disabled:opacity-60 aria-invalid:bg-red-50 dark:aria-invalid:bg-red-950/40`}
                    onKeyDown={(event) => nextRowOnEnter(event, index)}
                    {...leftTrimmed(register(`${name}.${index}.name`))}
                  />
                  {renderAfterName?.(index)}
                  {isOrderable ? (
                    <RowOrderControls
                      index={index}
                      count={fields.length}
                      label={rows[index]?.name.trim() || rowLabel}
                      upId={`${name}-${field.id}-up`}
                      downId={`${name}-${field.id}-down`}
                      isDisabled={isDisabled}
                      onMove={moveRow}
                    />
                  ) : null}
                  <Button
                    variant="ghost"
                    size="icon"
                    aria-label={t(`${textsFrom}.remove${Kind}`, { number })}
                    disabled={isDisabled || fields.length <= minRows}
                    onClick={() => removeRow(index)}
                  >
                    <Trash2 aria-hidden size={18} />
                  </Button>
                </div>
                {nameMessage ? (
                  <p id={messageId} className="pl-8 text-sm text-red-700 dark:text-red-400">
                    {nameMessage}
                  </p>
                ) : null}
                {/* Under the row, so the name keeps its width beside a criterion's importance. */}
                {isSuggested ? (
                  <p className="pl-8">
                    <SuggestedBadge id={badgeId} />
                  </p>
                ) : null}
                {renderBelow?.(index)}
              </li>
            );
          })}
        </ol>
      ) : (
        <p className="text-sm text-slate-600 dark:text-slate-400">
          {t(`team.no${Kind === 'Option' ? 'Options' : 'Criteria'}`)}
        </p>
      )}
      <div className="flex flex-wrap items-center justify-between gap-3">
        <Button variant="secondary" disabled={isDisabled || fields.length >= maxRows} onClick={add}>
          <Plus aria-hidden size={16} />
          {t(`${textsFrom}.add${Kind}`)}
        </Button>
        {footer}
      </div>
      {isOrderable ? (
        <p role="status" className="sr-only">
          {moveAnnouncement}
        </p>
      ) : null}
      {suggestions && !isDisabled ? (
        <AiSuggestions
          kind={name}
          showsImportance={Boolean(suggestions.importanceOf)}
          rows={rows}
          requestOf={() => suggestionsRequestOf(getValues())}
          onTitleMissing={() => setFocus('name')}
          canAdd={placeOfSuggestion(rows, maxRows).kind !== 'full'}
          onAdd={addSuggestion}
        />
      ) : null}
    </div>
  );
}

export interface NameRowsCardProps extends NameRowsEditorProps {
  headingId: string;
  title: string;
  lead: string;
}

/** A card with the list's heading and one line of guidance above the editor. */
export function NameRowsCard({ headingId, title, lead, ...editor }: NameRowsCardProps) {
  return (
    <SectionCard headingId={headingId} title={title} lead={lead}>
      <NameRowsEditor {...editor} />
    </SectionCard>
  );
}
