import { DeleteOutlined, FilePdfOutlined, PictureOutlined, PushpinFilled } from '@ant-design/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Flex, List, Popconfirm, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../lib/format-time';
import { translateError } from '../../lib/translate-error';
import { useDigits } from '../../lib/use-digits';
import { useLanguage } from '../../lib/use-language';
import { refreshWall, type WallPost, wallApi } from './wall-api';
import { WallSmsModal } from './wall-sms-modal';

/** One announcement for staff: its text, files and comments, and what staff may do with it. */
export function WallPostCard({ accountId, post }: { accountId: string; post: WallPost }) {
  const { t } = useTranslation(['wall', 'domain', 'errors']);
  const { message } = App.useApp();
  const { locale } = useLanguage();
  const digits = useDigits();
  const queryClient = useQueryClient();
  const [sms, setSms] = useState(false);
  const onError = (error: unknown) => message.error({ content: translateError(t, error), duration: 5 });
  const change = useMutation({
    mutationFn: (body: { pinned?: boolean; commentsOn?: boolean }) =>
      wallApi.update(accountId, post.id, body),
    onSuccess: () => refreshWall(queryClient, accountId),
    onError,
  });
  const remove = useMutation({
    mutationFn: () => wallApi.remove(accountId, post.id),
    onSuccess: async () => {
      message.success(t('post.deleted'));
      await refreshWall(queryClient, accountId);
    },
    onError,
  });
  const removeComment = useMutation({
    mutationFn: (commentId: string) => wallApi.removeComment(accountId, post.id, commentId),
    onSuccess: async () => {
      message.success(t('post.commentRemoved'));
      await refreshWall(queryClient, accountId);
    },
    onError,
  });

  return (
    <Card size="small" data-testid="wall-post-card">
      <Flex vertical gap={8}>
        <Flex wrap gap={6} align="center">
          {post.pinned ? (
            <Tag icon={<PushpinFilled />} color="gold" data-testid="wall-pinned-tag">
              {t('post.pinned')}
            </Tag>
          ) : null}
          {post.classrooms.map((c) => (
            <Tag key={c.id}>{c.name}</Tag>
          ))}
          <Typography.Text type="secondary">
            {post.authorName} · {formatDateTime(post.createdAt, locale)}
          </Typography.Text>
        </Flex>
        <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', margin: 0 }}>{post.text}</Typography.Paragraph>
        {post.attachments.length > 0 ? (
          <Flex wrap gap={8}>
            {post.attachments.map((file) => (
              <a key={file.url} href={file.url} target="_blank" rel="noreferrer">
                {file.type === 'pdf' ? <FilePdfOutlined /> : <PictureOutlined />} {file.name}
              </a>
            ))}
          </Flex>
        ) : null}
        <Flex wrap gap={8}>
          <Button size="small" onClick={() => change.mutate({ pinned: !post.pinned })}>
            {post.pinned ? t('post.unpin') : t('post.pin')}
          </Button>
          <Button size="small" onClick={() => change.mutate({ commentsOn: !post.commentsOn })}>
            {post.commentsOn ? t('post.commentsOff') : t('post.commentsOn')}
          </Button>
          {post.smsSentAt === null ? (
            <Button size="small" onClick={() => setSms(true)} data-testid="wall-send-sms">
              {t('post.sendSms')}
            </Button>
          ) : (
            <Tag color="green">{t('post.smsSent', { at: formatDateTime(post.smsSentAt, locale) })}</Tag>
          )}
          <Popconfirm
            title={t('post.deleteConfirm')}
            okText={t('post.delete')}
            cancelText={t('sms.cancel')}
            okButtonProps={{ danger: true }}
            onConfirm={() => remove.mutate()}
          >
            <Button size="small" danger icon={<DeleteOutlined />}>
              {t('post.delete')}
            </Button>
          </Popconfirm>
        </Flex>
        <Typography.Text type="secondary">
          {post.commentsOn
            ? t('post.comments', { count: post.comments.length, n: digits(post.comments.length) })
            : t('post.commentsAreOff')}
        </Typography.Text>
        {post.comments.length > 0 ? (
          <List
            size="small"
            dataSource={post.comments}
            renderItem={(comment) => (
              <List.Item
                data-testid="wall-comment"
                actions={[
                  <Popconfirm
                    key="remove"
                    title={t('post.removeCommentConfirm')}
                    okText={t('post.removeComment')}
                    cancelText={t('sms.cancel')}
                    okButtonProps={{ danger: true }}
                    onConfirm={() => removeComment.mutate(comment.id)}
                  >
                    <Button size="small" type="link" danger data-testid="wall-remove-comment">
                      {t('post.removeComment')}
                    </Button>
                  </Popconfirm>,
                ]}
              >
                <Typography.Text style={{ whiteSpace: 'pre-wrap' }}>
                  <strong>{comment.authorName}</strong> {comment.text}
                </Typography.Text>
              </List.Item>
            )}
          />
        ) : null}
      </Flex>
      {sms ? <WallSmsModal accountId={accountId} postId={post.id} onClose={() => setSms(false)} /> : null}
    </Card>
  );
}
