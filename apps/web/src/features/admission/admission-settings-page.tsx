import { ArrowLeftOutlined, SaveOutlined } from '@ant-design/icons';
import { ADMISSION_LANGUAGES, type AdmissionSettingsView, INTERFACE_LANGUAGE_NAMES } from '@batchwise/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  Card,
  Col,
  Flex,
  Form,
  Radio,
  Row,
  Skeleton,
  Switch,
  Tag,
  Typography,
} from 'antd';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeading } from '../../components/antd/page-heading';
import { QueryError } from '../../components/antd/query-error';
import { canManageAdmissionSettings } from '../../lib/app-pages';
import { translateError } from '../../lib/translate-error';
import { useWorkAccount, type WorkAccount } from '../../lib/use-work-account';
import { absoluteLink, admissionApi, admissionSettingsQuery, attachmentIssue } from './admission-api';
import { AttachmentsEditor } from './attachments-editor';
import { CustomFieldsEditor } from './custom-fields-editor';
import { ShareLink } from './share-link';

type Draft = Pick<AdmissionSettingsView, 'settings' | 'language'>;
type Flag = 'collectPicture' | 'collectParentsPhone' | 'requireUniqueParentsPhone' | 'collectAdditionalInfo';
const FLAGS: Flag[] = [
  'collectPicture',
  'collectParentsPhone',
  'requireUniqueParentsPhone',
  'collectAdditionalInfo',
];

/** What the public admission form asks and shows, and its link. Owners and admins. */
export function AdmissionSettingsPage() {
  const work = useWorkAccount();
  const { t } = useTranslation('applications');
  if (!work) return <PageHeading title={t('settings.title')} />;
  const back = (
    <Link to=".." relative="path">
      <ArrowLeftOutlined /> {t('settings.back')}
    </Link>
  );
  if (!canManageAdmissionSettings(work.account)) {
    return (
      <>
        <PageHeading title={t('settings.title')} subtitle={back} />
        <Alert type="warning" showIcon title={t('settings.noAccess')} />
      </>
    );
  }
  return <SettingsLoader work={work} back={back} />;
}

function SettingsLoader({ work, back }: { work: WorkAccount; back: ReactNode }) {
  const { t } = useTranslation('applications');
  const settings = useQuery(admissionSettingsQuery(work.account.id));
  return (
    <>
      <PageHeading title={t('settings.title')} subtitle={back} />
      {settings.isError && !settings.data ? (
        <QueryError error={settings.error} onRetry={() => void settings.refetch()} />
      ) : settings.data ? (
        <SettingsForm work={work} view={settings.data} />
      ) : (
        <Card>
          <Skeleton active paragraph={{ rows: 8 }} />
        </Card>
      )}
    </>
  );
}

function SettingsForm({ work, view }: { work: WorkAccount; view: AdmissionSettingsView }) {
  const { t } = useTranslation(['applications', 'domain', 'errors']);
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const accountId = work.account.id;
  const [baseline, setBaseline] = useState<Draft>({ settings: view.settings, language: view.language });
  const [draft, setDraft] = useState<Draft>(baseline);
  const [error, setError] = useState<string | null>(null);
  const [checked, setChecked] = useState(false);
  const dirty = JSON.stringify(draft) !== JSON.stringify(baseline);
  const set = (patch: Partial<Draft['settings']>) =>
    setDraft((current) => ({ ...current, settings: { ...current.settings, ...patch } }));

  // Leaving the page (reload, closing the tab) with unsaved changes asks first.
  useEffect(() => {
    if (!dirty) return;
    const handler = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', handler);
    return () => window.removeEventListener('beforeunload', handler);
  }, [dirty]);

  const save = useMutation({
    mutationFn: () =>
      admissionApi.saveSettings(accountId, {
        language: draft.language,
        settings: {
          ...draft.settings,
          customFields: draft.settings.customFields.map((field) => field.trim()),
          attachments: draft.settings.attachments.map((a) => ({ name: a.name.trim(), url: a.url.trim() })),
        },
      }),
    onSuccess: (saved) => {
      queryClient.setQueryData(admissionSettingsQuery(accountId).queryKey, saved);
      const next = { settings: saved.settings, language: saved.language };
      setBaseline(next);
      setDraft(next);
      setError(null);
      setChecked(false);
      message.success(t('settings.saved'));
    },
    onError: (failure) => setError(translateError(t, failure)),
  });

  const s = draft.settings;
  // Rows the server would refuse are marked here, in words, instead of its general "not valid".
  const handleSave = () => {
    setChecked(true);
    if (s.attachments.some((attachment) => attachmentIssue(attachment))) {
      setError(t('settings.attachments.invalid'));
      return;
    }
    save.mutate();
  };
  const flagHidden = (flag: Flag) => flag === 'requireUniqueParentsPhone' && !s.collectParentsPhone;

  return (
    <Row gutter={[16, 16]}>
      <Col xs={{ span: 24, order: 2 }} lg={{ span: 14, order: 1 }}>
        <Card data-testid="admission-settings-form">
          <Form layout="vertical" component="div">
            <Form.Item label={t('settings.accepting')} extra={t('settings.acceptingHint')}>
              <Switch
                checked={s.acceptingApplications}
                onChange={(checked) => set({ acceptingApplications: checked })}
                aria-label={t('settings.accepting')}
                checkedChildren={t('settings.on')}
                unCheckedChildren={t('settings.off')}
              />
            </Form.Item>
            <Form.Item label={t('settings.language')} extra={t('settings.languageHint')}>
              <Radio.Group
                value={draft.language}
                onChange={(event) => setDraft((current) => ({ ...current, language: event.target.value }))}
                optionType="button"
                options={ADMISSION_LANGUAGES.map((l) => ({ value: l, label: INTERFACE_LANGUAGE_NAMES[l] }))}
              />
            </Form.Item>
            <Typography.Title level={5}>{t('settings.askTitle')}</Typography.Title>
            <Flex vertical gap={12} style={{ marginBottom: 24 }}>
              {FLAGS.filter((flag) => !flagHidden(flag)).map((flag) => (
                <Flex key={flag} gap={12} align="flex-start">
                  <Switch
                    size="small"
                    checked={s[flag]}
                    onChange={(checked) =>
                      set(
                        flag === 'collectParentsPhone' && !checked
                          ? { collectParentsPhone: false, requireUniqueParentsPhone: false }
                          : { [flag]: checked },
                      )
                    }
                    aria-label={t(`settings.flags.${flag}`)}
                    style={{ marginTop: 3 }}
                  />
                  <Flex vertical>
                    <Typography.Text>{t(`settings.flags.${flag}`)}</Typography.Text>
                    <Typography.Text type="secondary" style={{ fontSize: 13 }}>
                      {t(`settings.flagHints.${flag}`)}
                    </Typography.Text>
                  </Flex>
                </Flex>
              ))}
            </Flex>
            <Form.Item label={t('settings.fields.title')} extra={t('settings.fields.hint')}>
              <CustomFieldsEditor value={s.customFields} onChange={(customFields) => set({ customFields })} />
            </Form.Item>
            <Form.Item label={t('settings.attachments.title')}>
              <AttachmentsEditor
                accountId={accountId}
                value={s.attachments}
                onChange={(attachments) => set({ attachments })}
                showErrors={checked}
              />
            </Form.Item>
          </Form>
          {error ? <Alert type="error" showIcon title={error} style={{ marginBottom: 12 }} /> : null}
          <Flex gap={8} align="center" wrap>
            <Button
              type="primary"
              icon={<SaveOutlined />}
              loading={save.isPending}
              disabled={!dirty}
              onClick={handleSave}
            >
              {t('settings.save')}
            </Button>
            {dirty ? (
              <>
                <Tag color="orange">{t('settings.unsaved')}</Tag>
                <Button type="link" onClick={() => setDraft(baseline)}>
                  {t('settings.discard')}
                </Button>
              </>
            ) : null}
          </Flex>
        </Card>
      </Col>
      <Col xs={{ span: 24, order: 1 }} lg={{ span: 10, order: 2 }}>
        <ShareLink url={absoluteLink(view.link)} accepting={baseline.settings.acceptingApplications} />
      </Col>
    </Row>
  );
}
