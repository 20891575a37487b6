import { ArrowLeftOutlined, PlusOutlined, PrinterOutlined } from '@ant-design/icons';
import type { OtherUser, OtherUserInput, SessionAccount } from '@batchwise/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Empty, Flex, List, Popconfirm, Skeleton, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeading } from '../../components/antd/page-heading';
import { QueryError } from '../../components/antd/query-error';
import { useDigits } from '../../lib/use-digits';
import { useWorkAccount } from '../../lib/use-work-account';
import { EntryExitLog } from './entry-exit-log';
import { OtherUserFormModal } from './other-user-form';
import { otherUsersApi, otherUsersQuery } from './other-users-api';

/** The server's rule (other-users.policy.ts): owners and admins, never an assistant. */
const managesGate = (account: SessionAccount) => account.relation !== 'assistant';

/** Where the printed codes open: a page of its own, in a new tab (like the students' sheet). */
export const codesHref = (path: string, accountId: string, userId?: string) =>
  `${path}?${new URLSearchParams({ account: accountId, ...(userId ? { user: userId } : {}) }).toString()}`;

/**
 * Staff, guards and visitors of the account (part 1 §1 /qr-code-other-user and
 * /all-external-users-access-codes): each with an access code and QR code that the kiosk and
 * ZKTeco devices accept within their valid days, and the day's entry/exit log of them. Their
 * punches never touch students' attendance and send no SMS.
 */
export function OtherUsersPage() {
  const work = useWorkAccount();
  const { t } = useTranslation('other-users');
  const back = (
    <Link to=".." relative="path">
      <ArrowLeftOutlined className="bw-directional" /> {t('back')}
    </Link>
  );
  if (!work) return <PageHeading title={t('title')} />;
  if (!managesGate(work.account)) {
    return (
      <>
        <PageHeading title={t('title')} subtitle={back} />
        <Alert type="warning" showIcon title={t('noAccess')} />
      </>
    );
  }
  return <People accountId={work.account.id} back={back} />;
}

function People({ accountId, back }: { accountId: string; back: React.ReactNode }) {
  const { t } = useTranslation(['other-users', 'domain', 'errors']);
  const digits = useDigits();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const people = useQuery(otherUsersQuery(accountId));
  // undefined: closed; null: adding; a person: editing them.
  const [editing, setEditing] = useState<OtherUser | null | undefined>(undefined);
  const done = async (text: string) => {
    setEditing(undefined);
    message.success(text);
    await queryClient.invalidateQueries({ queryKey: otherUsersQuery(accountId).queryKey });
  };
  const save = useMutation({
    mutationFn: (input: OtherUserInput) =>
      editing ? otherUsersApi.update(accountId, editing.id, input) : otherUsersApi.create(accountId, input),
    onSuccess: (person) => done(t(editing ? 'saved' : 'added', { name: person.name })),
  });
  const remove = useMutation({
    mutationFn: (person: OtherUser) => otherUsersApi.remove(accountId, person.id),
    onSuccess: (_, person) => done(t('removed', { name: person.name })),
  });
  const validity = (p: OtherUser) => {
    if (!p.validFrom && !p.validTo) return t('validAlways');
    if (!p.validTo) return t('validFrom', { day: digits(p.validFrom!) });
    if (!p.validFrom) return t('validUntil', { day: digits(p.validTo) });
    return t('validBetween', { from: digits(p.validFrom), to: digits(p.validTo) });
  };

  let body: React.ReactNode;
  if (people.isError && !people.data)
    body = <QueryError error={people.error} onRetry={() => void people.refetch()} />;
  else if (!people.data) body = <Skeleton active paragraph={{ rows: 4 }} />;
  else if (people.data.items.length === 0)
    body = <Empty description={t('empty')} data-testid="other-users-empty" />;
  else
    body = (
      <List
        dataSource={people.data.items}
        rowKey="id"
        data-testid="other-users-list"
        renderItem={(p) => (
          <List.Item
            data-testid="other-user"
            actions={[
              <a
                key="qr"
                href={codesHref('/qr-code-other-user', accountId, p.id)}
                target="_blank"
                rel="noreferrer"
              >
                {t('qr')}
              </a>,
              <Button key="edit" type="link" size="small" onClick={() => setEditing(p)}>
                {t('edit')}
              </Button>,
              <Popconfirm
                key="remove"
                title={t('removeConfirm', { name: p.name })}
                description={t('removeHint')}
                okText={t('remove')}
                cancelText={t('form.cancel')}
                okButtonProps={{ danger: true, loading: remove.isPending }}
                onConfirm={() => remove.mutateAsync(p)}
              >
                <Button type="link" size="small" danger>
                  {t('remove')}
                </Button>
              </Popconfirm>,
            ]}
            style={{ flexWrap: 'wrap' }}
          >
            <List.Item.Meta
              title={
                <Flex wrap gap={8} align="center">
                  <span>{p.name}</span>
                  <Tag color={p.role === 'guard' ? 'blue' : p.role === 'visitor' ? 'gold' : 'green'}>
                    {t(`roles.${p.role}`)}
                  </Tag>
                </Flex>
              }
              description={
                <Flex vertical gap={2}>
                  <span>
                    {t('code')}{' '}
                    {/* ASCII digits in every language: the code is typed on keypads and devices. */}
                    <Typography.Text code data-testid="other-user-code">
                      {p.code}
                    </Typography.Text>
                  </span>
                  {p.phone ? <span>{digits(p.phone)}</span> : null}
                  <span>{validity(p)}</span>
                </Flex>
              }
            />
          </List.Item>
        )}
      />
    );

  return (
    <>
      <PageHeading
        title={t('title')}
        subtitle={back}
        extra={
          <Flex wrap gap={8}>
            <Button
              icon={<PrinterOutlined />}
              href={codesHref('/all-external-users-access-codes', accountId)}
              target="_blank"
              data-testid="other-users-sheet"
            >
              {t('printAll')}
            </Button>
            <Button
              type="primary"
              icon={<PlusOutlined />}
              onClick={() => setEditing(null)}
              data-testid="other-user-add"
            >
              {t('add')}
            </Button>
          </Flex>
        }
      />
      <Flex vertical gap={16}>
        <Card size="small">
          <Typography.Paragraph type="secondary">{t('intro')}</Typography.Paragraph>
          {remove.isError ? <QueryError error={remove.error} /> : null}
          {body}
        </Card>
        <EntryExitLog accountId={accountId} />
      </Flex>
      <OtherUserFormModal
        open={editing !== undefined}
        person={editing ?? null}
        saving={save.isPending}
        error={save.error}
        onSave={(input) => save.mutate(input)}
        onCancel={() => {
          setEditing(undefined);
          save.reset();
        }}
      />
    </>
  );
}
