import { WALL_LIMITS } from '@batchwise/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { translateError } from '../../lib/translate-error';
import styles from './portal.module.css';
import { usePortalFormat } from './portal-format';
import { PortalPager } from './portal-pager';
import { EmptyState, QueryStates } from './portal-states';
import wall from './wall.module.css';
import { postComment, removeComment, type WallAnswer, wallPageQuery } from './wall-api';

type Post = WallAnswer<'familyWall'>['items'][number];

/** The walls of the child's classrooms: announcements, pinned first; the student comments. */
export function WallPage({ studentId, name }: { studentId: string; name: string }) {
  const { t } = useTranslation(['portal', 'domain', 'errors']);
  const [page, setPage] = useState(1);
  const query = useQuery({ ...wallPageQuery(studentId, page), placeholderData: (previous) => previous });
  return (
    <>
      <h1 className={styles.title}>{t('wall.title', { name })}</h1>
      <QueryStates query={query}>
        {(answer) =>
          answer.items.length === 0 ? (
            <EmptyState text={t('wall.empty')} testId="wall-empty" />
          ) : (
            <>
              {answer.items.map((post) => (
                <PostPanel key={post.id} studentId={studentId} post={post} />
              ))}
              {answer.total > answer.pageSize ? (
                <PortalPager page={page} total={answer.total} pageSize={answer.pageSize} onPage={setPage} />
              ) : null}
            </>
          )
        }
      </QueryStates>
    </>
  );
}

function PostPanel({ studentId, post }: { studentId: string; post: Post }) {
  const { t } = useTranslation(['portal', 'domain', 'errors']);
  const f = usePortalFormat();
  const queryClient = useQueryClient();
  const [text, setText] = useState('');
  const refreshed = () => queryClient.invalidateQueries({ queryKey: ['portal', { studentId }] });
  const add = useMutation({
    mutationFn: () => postComment(studentId, post.id, { text }),
    onSuccess: async () => {
      setText('');
      await refreshed();
    },
  });
  const remove = useMutation({
    mutationFn: (commentId: string) => removeComment(studentId, post.id, commentId),
    onSuccess: refreshed,
  });
  const failed = add.error ?? remove.error;
  return (
    <article className={`${styles.panel} ${wall.post}`} data-testid="wall-post">
      <p className={styles.muted}>
        {post.pinned ? (
          <span className={wall.pinned} data-testid="wall-pinned">
            {t('wall.pinned')}
          </span>
        ) : null}
        {post.classrooms.map((c) => c.name).join(', ')} · {post.authorName} · {f.dateTime(post.createdAt)}
      </p>
      <p className={wall.text}>{post.text}</p>
      {post.attachments.length > 0 ? (
        <ul className={wall.files}>
          {post.attachments.map((file) => (
            <li key={file.url}>
              <a href={file.url} target="_blank" rel="noreferrer">
                {file.type === 'pdf' ? t('wall.pdf') : t('wall.image')}: {file.name}
              </a>
            </li>
          ))}
        </ul>
      ) : null}
      {post.comments.length > 0 ? (
        <ul className={wall.comments}>
          {post.comments.map((comment) => (
            <li key={comment.id} data-testid="wall-comment">
              <strong>{comment.authorName}</strong> <span className={wall.text}>{comment.text}</span>
              <span className={styles.muted}> · {f.dateTime(comment.at)}</span>
              {comment.mine ? (
                <button
                  type="button"
                  className={`bw-btn bw-btn--ghost ${wall.remove}`}
                  onClick={() => {
                    if (window.confirm(t('wall.removeConfirm'))) remove.mutate(comment.id);
                  }}
                >
                  {t('wall.remove')}
                </button>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
      {post.canComment ? (
        <form
          className={wall.form}
          onSubmit={(event) => {
            event.preventDefault();
            if (text.trim()) add.mutate();
          }}
        >
          <textarea
            value={text}
            onChange={(e) => setText(e.target.value)}
            maxLength={WALL_LIMITS.comment}
            rows={2}
            aria-label={t('wall.commentLabel')}
            placeholder={t('wall.commentLabel')}
            data-testid="wall-comment-text"
          />
          <button
            type="submit"
            className="bw-btn"
            disabled={add.isPending || !text.trim()}
            data-testid="wall-comment-send"
          >
            {t('wall.send')}
          </button>
        </form>
      ) : !post.commentsOn ? (
        <p className={styles.muted}>{t('wall.commentsOff')}</p>
      ) : null}
      {failed ? <p className={styles.error}>{translateError(t, failed)}</p> : null}
    </article>
  );
}
