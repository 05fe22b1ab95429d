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
import { cellOfComment, isSameCell, type CommentCell } from './comment-cells.ts';
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
  const [text, setText] = useState('');
  const [editingId, setEditingId] = useState<number | null>(null);
  const [deletingId, setDeletingId] = useState<number | null>(null);
  // The cell a new comment will be about ("Discuss"), and the cell whose comments alone are listed.
  const [attachedCell, setAttachedCell] = useState<CommentCell | null>(null);
  const [shownCell, setShownCell] = useState<CommentCell | null>(null);
  const attachedName = attachedCell && cellName ? cellName(attachedCell) : null;
  const shownName = shownCell && cellName ? cellName(shownCell) : null;

  useImperativeHandle(ref, () => ({
    discuss(cell) {
      setEditingId(null);
      setAttachedCell(cell);
      input.current?.focus();
      input.current?.scrollIntoView({ block: 'center', behavior: 'smooth' });
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
        if (id === editingId) {
          setEditingId(null);
          setText('');
        }
      },
      onError: reportFailure,
    });
  }

  function submit(event?: FormEvent) {
    event?.preventDefault();
    const body = text.trim();
    // SPEC.md section 5: a text that is blank after trimming is ignored.
    if (!body || save.isPending) return;
    save.mutate(
      { id: editingId, text: body, cell: editingId === null ? attachedCell : null },
      {
        onSuccess: () => {
          setText('');
          setEditingId(null);
          setAttachedCell(null);
        },
        onError: reportFailure,
      },
    );
  }

  function startEditing(comment: Comment) {
    setAttachedCell(null);
    setEditingId(comment.id);
    setText(comment.text);
    input.current?.focus();
    input.current?.scrollIntoView({ block: 'center', behavior: 'smooth' });
  }

  function cancelEditing() {
    setEditingId(null);
    setText('');
  }

  function submitOnCtrlEnter(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) submit();
    if (event.key === 'Escape' && editingId !== null) cancelEditing();
  }

  const allComments = comments.data ?? [];
  const list = shownCell
    ? allComments.filter((comment) => isSameCell(cellOfComment(comment), shownCell))
    : allComments;
  // Someone else deleted the comment being edited (the list updates live): stop editing it.
  if (editingId !== null && comments.data && !allComments.some((comment) => comment.id === editingId)) {
    setEditingId(null);
    setText('');
  }

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
                isBeingEdited={comment.id === editingId}
                onEdit={() => startEditing(comment)}
                onDelete={() => setDeletingId(comment.id)}
              />
            ))}
          </ol>
        )}

        {canComment ? (
          <form onSubmit={submit} className="flex flex-col gap-2">
            <label htmlFor="comment-text" className="text-sm font-medium text-slate-800 dark:text-slate-200">
              {editingId !== null
                ? t('comments.editLabel')
                : attachedName
                  ? t('comments.cellLabel', { cell: attachedName })
                  : t('comments.newLabel')}
            </label>
            {attachedName && editingId === null ? (
              <p className="flex flex-wrap items-center gap-2 text-sm text-slate-700 dark:text-slate-300">
                <span className="inline-flex items-center gap-1 rounded-full bg-indigo-100 px-2.5 py-0.5 font-medium text-indigo-900 dark:bg-indigo-900/60 dark:text-indigo-100">
                  <Grid2x2 aria-hidden size={14} />
                  {t('comments.about', { cell: attachedName })}
                </span>
                <Button variant="ghost" size="sm" onClick={() => setAttachedCell(null)}>
                  <X aria-hidden size={14} />
                  {t('comments.detach')}
                </Button>
              </p>
            ) : null}
            <textarea
              id="comment-text"
              ref={input}
              rows={3}
              value={text}
              maxLength={LIMITS.comment.max}
              onChange={(event) => setText(event.target.value)}
              onKeyDown={submitOnCtrlEnter}
              aria-describedby="comment-text-hint"
              placeholder={t('comments.placeholder')}
              className={inputClasses}
            />
            <div className="flex flex-wrap items-center justify-between gap-3">
              <p id="comment-text-hint" className="text-xs text-slate-600 dark:text-slate-400">
                {t('comments.hint')} · {text.length}/{LIMITS.comment.max}
              </p>
              <div className="flex gap-2">
                {editingId !== null ? (
                  <Button variant="ghost" onClick={cancelEditing}>
                    {t('common.cancel')}
                  </Button>
                ) : null}
                <Button type="submit" disabled={save.isPending}>
                  {editingId === null ? <Send aria-hidden size={16} /> : null}
                  {editingId === null ? t('comments.post') : t('common.save')}
                </Button>
              </div>
            </div>
          </form>
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
