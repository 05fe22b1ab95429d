import type { KeyboardEvent, ReactNode } from 'react';
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
import { RowOrderControls, rowDropProps, useRowMoves } from './RowOrderControls.tsx';

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

/** Enter alone (no modifier, not confirming an IME composition). */
function isPlainEnter(event: KeyboardEvent<HTMLInputElement>): boolean {
  const { key, altKey, ctrlKey, metaKey, shiftKey, nativeEvent } = event;
  return key === 'Enter' && !altKey && !ctrlKey && !metaKey && !shiftKey && !nativeEvent.isComposing;
}

/** A row's message and its "suggested" badge, under the row (the name keeps its width beside an importance). */
function RowNotes({
  message,
  messageId,
  badgeId,
}: {
  message: string | undefined;
  messageId: string;
  badgeId: string | null;
}) {
  return (
    <>
      {message ? (
        <p id={messageId} className="pl-8 text-sm text-red-700 dark:text-red-400">
          {message}
        </p>
      ) : null}
      {badgeId ? (
        <p className="pl-8">
          <SuggestedBadge id={badgeId} />
        </p>
      ) : null}
    </>
  );
}

interface RowFocusOptions {
  name: 'options' | 'criteria';
  count: number;
  maxRows: number;
  addsRowOnEnter: boolean;
  append: () => void;
  remove: (index: number) => void;
}

/** Adding, removing and Enter keep the keyboard user in the list, on the row that follows. */
function useRowFocus({ name, count, maxRows, addsRowOnEnter, append, remove }: RowFocusOptions) {
  const { setFocus, getValues } = useFormContext<NameRowsFormValues>();
  // After React rendered the change.
  const focusRow = (index: number) => setTimeout(() => setFocus(`${name}.${index}.name`));

  function add() {
    append();
    focusRow(count);
  }

  function removeRow(index: number) {
    remove(index);
    focusRow(Math.min(index, count - 2));
  }

  function nextRowOnEnter(event: KeyboardEvent<HTMLInputElement>, index: number) {
    const isLast = index + 1 >= count;
    // Enter on an empty last row ends the list: the form's own Enter (Next, or Save) takes over.
    if (!addsRowOnEnter || !isPlainEnter(event) || (isLast && !getValues(`${name}.${index}.name`).trim())) {
      return;
    }
    event.preventDefault();
    if (!isLast) setFocus(`${name}.${index + 1}.name`);
    else if (count < maxRows) add();
  }

  return { add, removeRow, nextRowOnEnter };
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
  const { control, register } = useFormContext<NameRowsFormValues>();
  const { fields, append, remove, update, move } = useFieldArray({ control, name });
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

  const { add, removeRow, nextRowOnEnter } = useRowFocus({
    name,
    count: fields.length,
    maxRows,
    addsRowOnEnter,
    append: () => append(newRow()),
    remove,
  });

  const { moveRow, announcement } = useRowMoves({
    listName: name,
    ids: fields.map((field) => field.id),
    labelOf: (index) => rows[index]?.name.trim() || t(`${textsFrom}.${kind}Name`, { number: index + 1 }),
    move,
  });

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
                <RowNotes
                  message={nameMessage}
                  messageId={messageId}
                  badgeId={isSuggested ? badgeId : null}
                />
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
          {announcement}
        </p>
      ) : null}
      {suggestions && !isDisabled ? (
        <RowSuggestions
          name={name}
          maxRows={maxRows}
          importanceOf={suggestions.importanceOf}
          onFill={(index, row) => update(index, row)}
          onAppend={(fill) => append({ ...newRow(), ...fill })}
        />
      ) : null}
    </div>
  );
}

interface RowSuggestionsProps {
  name: 'options' | 'criteria';
  maxRows: number;
  importanceOf: ((importance: number) => string | number) | undefined;
  /** Replaces an empty row with the suggestion, or adds it as a new row (see placeOfSuggestion). */
  onFill: (index: number, row: NamedRow) => void;
  onAppend: (fill: NamedRow) => void;
}

/** The AI's suggestions for a list, sent the form's title, description and both lists. */
function RowSuggestions({ name, maxRows, importanceOf, onFill, onAppend }: RowSuggestionsProps) {
  const { control, getValues, setFocus } = useFormContext<NameRowsFormValues>();
  const rows = useWatch({ control, name });

  function addSuggestion(suggestion: RowSuggestion) {
    const suggestedName = suggestion.name.trim();
    const hasImportance = importanceOf && suggestion.importance !== undefined;
    const fill = {
      name: suggestedName,
      suggestedName,
      ...(hasImportance ? { importance: importanceOf(suggestion.importance!) } : {}),
    };
    const current = getValues(name);
    const place = placeOfSuggestion(current, maxRows);
    if (place.kind === 'append') onAppend(fill);
    if (place.kind !== 'fill') return;
    const row = current[place.index]!;
    // A suggested importance is no longer the guided flow's proposal by rank: a reorder keeps it.
    const isOwnImportance = hasImportance && 'isImportanceProposed' in row;
    onFill(place.index, { ...row, ...fill, ...(isOwnImportance ? { isImportanceProposed: false } : {}) });
  }

  return (
    <AiSuggestions
      kind={name}
      showsImportance={Boolean(importanceOf)}
      rows={rows}
      requestOf={() => suggestionsRequestOf(getValues())}
      onTitleMissing={() => setFocus('name')}
      canAdd={placeOfSuggestion(rows, maxRows).kind !== 'full'}
      onAdd={addSuggestion}
    />
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
