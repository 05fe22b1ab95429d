import { useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { MessageSquare, Pencil, Send, Trash2 } from 'lucide-react';
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
import { useCommentsQuery, useDeleteComment, useSaveComment } from './comments-api.ts';

interface CommentsSectionProps {
  decisionId: number;
  canComment: boolean;
}

export function CommentsSection({ decisionId, canComment }: CommentsSectionProps) {
  const { t } = useTranslation();
  const comments = useCommentsQuery(decisionId);
  const now = useNow(30_000);
  const input = useRef<HTMLTextAreaElement>(null);
  const [text, setText] = useState('');
  const [editingId, setEditingId] = useState<number | null>(null);
  const [deletingId, setDeletingId] = useState<number | null>(null);

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
      { id: editingId, text: body },
      {
        onSuccess: () => {
          setText('');
          setEditingId(null);
        },
        onError: reportFailure,
      },
    );
  }

  function startEditing(comment: Comment) {
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

  const list = comments.data ?? [];
  // Someone else deleted the comment being edited (the list updates live): stop editing it.
  if (editingId !== null && comments.data && !list.some((comment) => comment.id === editingId)) {
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
              {list.length}
            </span>
          ) : null}
        </h2>

        {comments.isPending ? (
          <p role="status" className="text-slate-600 dark:text-slate-400">
            {t('comments.loading')}
          </p>
        ) : comments.isError ? (
          <p role="alert" className="text-red-700 dark:text-red-400">
            {t('comments.loadFailed')}
          </p>
        ) : list.length === 0 ? (
          <p className="text-slate-600 dark:text-slate-400">{t('comments.empty')}</p>
        ) : (
          <ol className="flex flex-col gap-4">
            {list.map((comment) => (
              <CommentItem
                key={comment.id}
                comment={comment}
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
              {editingId === null ? t('comments.newLabel') : t('comments.editLabel')}
            </label>
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
  now: number;
  isBeingEdited: boolean;
  onEdit: () => void;
  onDelete: () => void;
}

function CommentItem({ comment, now, isBeingEdited, onEdit, onDelete }: CommentItemProps) {
  const { t } = useTranslation();
  const format = useFormatters();
  const author = usePersonName()(comment);
  const isEdited = comment.updated_at !== comment.created_at;

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
