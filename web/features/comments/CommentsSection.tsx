import { useImperativeHandle, useRef, useState, type FormEvent, type KeyboardEvent, type Ref } from 'react';
import { Grid2x2, MessageSquare, Pencil, Send, Trash2, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { Comment } from '../../../shared/api/comments.ts';
import { LIMITS } from '../../../shared/limits.ts';
import { Avatar } from '../../components/ui/Avatar.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { Card } from '../../components/ui/Card.tsx';
import { ConfirmDialog } from '../../components/ui/ConfirmDialog.tsx';
import { inputClasses } from '../../components/ui/TextField.tsx';
import { serverMessageOf } from '../../lib/api-client.ts';
import { useFormatters } from '../../lib/format.ts';
import { notify } from '../../lib/notify.ts';
import { useNow } from '../../lib/use-now.ts';
import { usePersonName } from '../people/person-name.ts';
import { cellOfComment, type CommentCell } from './comment-cells.ts';
import {
  afterDeleting,
  cancelledEdit,
  commentsShown,
  commentToSave,
  composerKeyAction,
  composerLabelKey,
  detached,
  discussing,
  editing,
  emptyComposer,
  withoutVanishedEdit,
  type ComposerState,
} from './comments-model.ts';
import { useCommentsQuery, useDeleteComment, useSaveComment } from './comments-api.ts';

/** What a page with a matrix asks of the comments: discuss a cell, or show a cell's comments. */
export interface CommentsHandle {
  /** Attaches the composer to the cell and moves focus there. */
  discuss(cell: CommentCell): void;
  /** Lists only the cell's comments and moves focus to that notice. */
  showCell(cell: CommentCell): void;
}

interface CommentsSectionProps {
  decisionId: number;
  canComment: boolean;
  /** Names a cell ("Option A × Price"); given on pages whose comments can be about a cell. */
  cellName?: (cell: CommentCell) => string | null;
  ref?: Ref<CommentsHandle>;
}

export function CommentsSection({ decisionId, canComment, cellName, ref }: CommentsSectionProps) {
  const { t } = useTranslation();
  const comments = useCommentsQuery(decisionId);
  const now = useNow(30_000);
  const input = useRef<HTMLTextAreaElement>(null);
  const cellNotice = useRef<HTMLParagraphElement>(null);
  const [composer, setComposer] = useState<ComposerState>(emptyComposer);
  const [deletingId, setDeletingId] = useState<number | null>(null);
  // The cell whose comments alone are listed.
  const [shownCell, setShownCell] = useState<CommentCell | null>(null);
  const shownName = shownCell && cellName ? cellName(shownCell) : null;

  function focusComposer() {
    input.current?.focus();
    input.current?.scrollIntoView({ block: 'center', behavior: 'smooth' });
  }

  useImperativeHandle(ref, () => ({
    discuss(cell) {
      setComposer((current) => discussing(current, cell));
      focusComposer();
    },
    showCell(cell) {
      setShownCell(cell);
      // The notice renders with this state; focus it once it is there.
      requestAnimationFrame(() => {
        cellNotice.current?.focus();
        cellNotice.current?.scrollIntoView({ block: 'center', behavior: 'smooth' });
      });
    },
  }));

  const save = useSaveComment(decisionId);
  const removal = useDeleteComment(decisionId);
  const reportFailure = (error: Error) => notify('error', serverMessageOf(error) ?? t('comments.failed'));

  function remove(id: number) {
    removal.mutate(id, {
      onSuccess: () => {
        setDeletingId(null);
        setComposer((current) => afterDeleting(current, id));
      },
      onError: reportFailure,
    });
  }

  function submit() {
    const comment = commentToSave(composer);
    if (!comment || save.isPending) return;
    save.mutate(comment, { onSuccess: () => setComposer(emptyComposer), onError: reportFailure });
  }

  const allComments = comments.data ?? [];
  const list = commentsShown(allComments, shownCell);
  const keptComposer = withoutVanishedEdit(composer, comments.data);
  if (keptComposer !== composer) setComposer(keptComposer);

  return (
    <Card>
      <section aria-labelledby="comments-heading" className="flex flex-col gap-6">
        <h2
          id="comments-heading"
          className="flex items-center gap-2 text-xl font-semibold text-slate-900 dark:text-white"
        >
          <MessageSquare aria-hidden size={20} />
          {t('comments.title')}
          {comments.data ? (
            <span className="rounded-full bg-slate-100 px-2 text-sm font-medium text-slate-700 tabular-nums dark:bg-slate-800 dark:text-slate-300">
              {allComments.length}
            </span>
          ) : null}
        </h2>

        {shownCell ? (
          <div className="flex flex-wrap items-center gap-2 rounded-xl bg-indigo-50 px-3 py-2 text-sm text-indigo-950 dark:bg-indigo-950/40 dark:text-indigo-100">
            <p ref={cellNotice} tabIndex={-1} className="font-medium">
              {t('comments.showingCell', { cell: shownName ?? '' })}
            </p>
            <Button variant="ghost" size="sm" onClick={() => setShownCell(null)}>
              {t('comments.showAll')}
            </Button>
          </div>
        ) : null}

        {comments.isPending ? (
          <p role="status" className="text-slate-600 dark:text-slate-400">
            {t('comments.loading')}
          </p>
        ) : comments.isError ? (
          <p role="alert" className="text-red-700 dark:text-red-400">
            {t('comments.loadFailed')}
          </p>
        ) : list.length === 0 ? (
          <p className="text-slate-600 dark:text-slate-400">
            {shownCell ? t('comments.emptyCell') : t('comments.empty')}
          </p>
        ) : (
          <ol className="flex flex-col gap-4">
            {list.map((comment) => (
              <CommentItem
                key={comment.id}
                comment={comment}
                cellName={cellName}
                now={now}
                isBeingEdited={comment.id === composer.editingId}
                onEdit={() => {
                  setComposer((current) => editing(current, comment));
                  focusComposer();
                }}
                onDelete={() => setDeletingId(comment.id)}
              />
            ))}
          </ol>
        )}

        {canComment ? (
          <CommentComposer
            composer={composer}
            attachedName={composer.attachedCell && cellName ? cellName(composer.attachedCell) : null}
            inputRef={input}
            isSaving={save.isPending}
            onChange={setComposer}
            onSubmit={submit}
          />
        ) : null}
      </section>

      <ConfirmDialog
        isOpen={deletingId !== null}
        title={t('comments.deleteTitle')}
        message={t('comments.deleteConfirm')}
        confirmLabel={t('comments.delete')}
        isBusy={removal.isPending}
        onConfirm={() => deletingId !== null && remove(deletingId)}
        onCancel={() => setDeletingId(null)}
      />
    </Card>
  );
}

interface CommentComposerProps {
  composer: ComposerState;
  attachedName: string | null;
  inputRef: Ref<HTMLTextAreaElement>;
  isSaving: boolean;
  onChange: (change: (current: ComposerState) => ComposerState) => void;
  onSubmit: () => void;
}

/** The form for a new comment (maybe about a cell) or the one being edited. */
function CommentComposer({
  composer,
  attachedName,
  inputRef,
  isSaving,
  onChange,
  onSubmit,
}: CommentComposerProps) {
  const { t } = useTranslation();
  const isEditing = composer.editingId !== null;

  function submitOnCtrlEnter(event: KeyboardEvent<HTMLTextAreaElement>) {
    const action = composerKeyAction(event, isEditing);
    if (action === 'submit') onSubmit();
    if (action === 'cancel') onChange(cancelledEdit);
  }

  return (
    <form
      onSubmit={(event: FormEvent) => {
        event.preventDefault();
        onSubmit();
      }}
      className="flex flex-col gap-2"
    >
      <label htmlFor="comment-text" className="text-sm font-medium text-slate-800 dark:text-slate-200">
        {t(composerLabelKey(composer, attachedName), { cell: attachedName })}
      </label>
      {attachedName && !isEditing ? (
        <p className="flex flex-wrap items-center gap-2 text-sm text-slate-700 dark:text-slate-300">
          <span className="inline-flex items-center gap-1 rounded-full bg-indigo-100 px-2.5 py-0.5 font-medium text-indigo-900 dark:bg-indigo-900/60 dark:text-indigo-100">
            <Grid2x2 aria-hidden size={14} />
            {t('comments.about', { cell: attachedName })}
          </span>
          <Button variant="ghost" size="sm" onClick={() => onChange(detached)}>
            <X aria-hidden size={14} />
            {t('comments.detach')}
          </Button>
        </p>
      ) : null}
      <textarea
        id="comment-text"
        ref={inputRef}
        rows={3}
        value={composer.text}
        maxLength={LIMITS.comment.max}
        onChange={(event) => {
          const text = event.target.value;
          onChange((current) => ({ ...current, text }));
        }}
        onKeyDown={submitOnCtrlEnter}
        aria-describedby="comment-text-hint"
        placeholder={t('comments.placeholder')}
        className={inputClasses}
      />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p id="comment-text-hint" className="text-xs text-slate-600 dark:text-slate-400">
          {t('comments.hint')} · {composer.text.length}/{LIMITS.comment.max}
        </p>
        <div className="flex gap-2">
          {isEditing ? (
            <Button variant="ghost" onClick={() => onChange(cancelledEdit)}>
              {t('common.cancel')}
            </Button>
          ) : null}
          <Button type="submit" disabled={isSaving}>
            {isEditing ? null : <Send aria-hidden size={16} />}
            {isEditing ? t('common.save') : t('comments.post')}
          </Button>
        </div>
      </div>
    </form>
  );
}

interface CommentItemProps {
  comment: Comment;
  cellName: CommentsSectionProps['cellName'];
  now: number;
  isBeingEdited: boolean;
  onEdit: () => void;
  onDelete: () => void;
}

function CommentItem({ comment, cellName, now, isBeingEdited, onEdit, onDelete }: CommentItemProps) {
  const { t } = useTranslation();
  const format = useFormatters();
  const author = usePersonName()(comment);
  const isEdited = comment.updated_at !== comment.created_at;
  const cell = cellOfComment(comment);
  const aboutCell = cell && cellName ? cellName(cell) : null;

  return (
    <li
      className={`flex gap-3 rounded-xl p-3 ${isBeingEdited ? 'bg-indigo-50 ring-1 ring-indigo-300 dark:bg-indigo-950/40 dark:ring-indigo-800' : 'bg-slate-50 dark:bg-slate-800/50'}`}
    >
      <Avatar src={comment.avatar_url} size={32} />
      <article className="min-w-0 flex-1" aria-label={t('comments.by', { author })}>
        <header className="flex flex-wrap items-baseline gap-x-2 text-sm">
          <span className="font-semibold text-slate-900 dark:text-white">{author}</span>
          <time
            dateTime={comment.created_at}
            title={format.dateTime(comment.created_at)}
            className="text-slate-600 dark:text-slate-400"
          >
            {format.relative(comment.created_at, now)}
          </time>
          {isEdited ? (
            <span className="text-xs text-slate-600 dark:text-slate-400">{t('comments.edited')}</span>
          ) : null}
          {aboutCell ? (
            <span
              data-testid="comment-cell"
              className="inline-flex items-center gap-1 rounded-full bg-indigo-100 px-2 py-0.5 text-xs font-medium text-indigo-900 dark:bg-indigo-900/60 dark:text-indigo-100"
            >
              <Grid2x2 aria-hidden size={12} />
              {t('comments.about', { cell: aboutCell })}
            </span>
          ) : null}
        </header>
        <p className="mt-1 break-words whitespace-pre-wrap text-slate-800 dark:text-slate-200">
          {comment.text}
        </p>
        {comment.can_edit || comment.can_delete ? (
          <div className="mt-2 flex gap-1">
            {comment.can_edit ? (
              <Button variant="secondary" size="sm" aria-label={t('comments.editComment')} onClick={onEdit}>
                <Pencil aria-hidden size={14} />
                {t('comments.edit')}
              </Button>
            ) : null}
            {comment.can_delete ? (
              <Button variant="danger" size="sm" aria-label={t('comments.deleteComment')} onClick={onDelete}>
                <Trash2 aria-hidden size={14} />
                {t('comments.delete')}
              </Button>
            ) : null}
          </div>
        ) : null}
      </article>
    </li>
  );
}
