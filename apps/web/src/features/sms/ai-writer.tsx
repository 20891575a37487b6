import { RobotOutlined } from '@ant-design/icons';
import { aiEndpoints, planEndpoints, type SmsDrafts, smsCount } from '@batchwise/domain';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Flex, Input, Modal, Radio, Typography } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SmsCountLine } from '../../components/sms-count-line';
import { call, endpointQuery } from '../../lib/api-client';
import { translateError } from '../../lib/translate-error';
import { useLanguage } from '../../lib/use-language';

/**
 * The SMS writer (the `ai` tool): describe the message, get two or three drafts fitted to one or
 * two parts, counted by the same rule as the box they go into; a picked draft only fills that
 * box, so it still goes through the normal review. Shown only where the tool is usable.
 */
export function AiWriter({
  accountId,
  kind,
  template = '',
  onPick,
}: {
  accountId: string;
  /** How the box counts its text: compose (typed) or a template. */
  kind: 'typed' | 'template';
  /** The template being edited: its placeholders are kept in every draft. */
  template?: string;
  onPick: (text: string) => void;
}) {
  const { t } = useTranslation(['sms', 'domain', 'errors']);
  const { language, locale } = useLanguage();
  const tools = useQuery(endpointQuery(planEndpoints.tools, { params: { accountId } }));
  const [open, setOpen] = useState(false);
  const [description, setDescription] = useState('');
  const [draftLanguage, setDraftLanguage] = useState<'en' | 'bn'>(language === 'bn' ? 'bn' : 'en');
  const [maxParts, setMaxParts] = useState<1 | 2>(2);
  const abort = useRef<AbortController | null>(null);
  const drafts = useMutation({
    mutationFn: (): Promise<SmsDrafts> => {
      abort.current = new AbortController();
      return call(aiEndpoints.smsDrafts, {
        params: { accountId },
        body: { description, language: draftLanguage, maxParts, kind, template },
        signal: abort.current.signal,
      });
    },
  });
  if (!tools.data?.tools.some((tool) => tool.key === 'ai' && tool.usable)) return null;

  const close = () => {
    abort.current?.abort();
    setOpen(false);
  };
  const n = (value: number) => value.toLocaleString(locale);
  const result = drafts.data;
  return (
    <>
      <Button
        icon={<RobotOutlined />}
        onClick={() => {
          // Until drafts were asked for, the screen's language is the likeliest wish.
          if (!drafts.data) setDraftLanguage(language === 'bn' ? 'bn' : 'en');
          setOpen(true);
        }}
      >
        {t('aiWriter.open')}
      </Button>
      <Modal open={open} title={t('aiWriter.title')} onCancel={close} footer={null} width={640}>
        <Flex vertical gap={12}>
          <Typography.Text type="secondary">{t('aiWriter.intro')}</Typography.Text>
          <Flex vertical gap={4}>
            <label htmlFor="ai-writer-description">{t('aiWriter.description')}</label>
            <Input.TextArea
              id="ai-writer-description"
              value={description}
              onChange={(event) => setDescription(event.target.value)}
              autoSize={{ minRows: 2, maxRows: 5 }}
              maxLength={300}
              placeholder={t('aiWriter.descriptionPlaceholder')}
            />
            <Typography.Text type="secondary" style={{ fontSize: 13 }}>
              {t('aiWriter.privacy')}
            </Typography.Text>
          </Flex>
          <Flex gap={16} wrap>
            <Radio.Group
              aria-label={t('aiWriter.language')}
              value={draftLanguage}
              onChange={(event) => setDraftLanguage(event.target.value)}
              options={[
                { value: 'bn', label: t('aiWriter.bangla') },
                { value: 'en', label: t('aiWriter.english') },
              ]}
              optionType="button"
            />
            <Radio.Group
              aria-label={t('aiWriter.parts')}
              value={maxParts}
              onChange={(event) => setMaxParts(event.target.value)}
              options={[1, 2].map((parts) => ({
                value: parts,
                label: t('aiWriter.fitParts', { count: parts, formatted: n(parts) }),
              }))}
              optionType="button"
            />
          </Flex>
          <Flex gap={8}>
            <Button
              type="primary"
              loading={drafts.isPending}
              disabled={description.trim().length < 3}
              onClick={() => drafts.mutate()}
            >
              {result ? t('aiWriter.again') : t('aiWriter.write')}
            </Button>
            {drafts.isPending ? (
              <Button onClick={() => abort.current?.abort()}>{t('aiWriter.stop')}</Button>
            ) : null}
          </Flex>
          {drafts.isError && !abort.current?.signal.aborted ? (
            <Alert type="error" showIcon role="alert" title={translateError(t, drafts.error)} />
          ) : null}
          {result ? (
            <Flex vertical gap={8} data-testid="ai-drafts">
              {result.drafts.map((draft, index) => (
                <Card key={draft.text} size="small" data-testid="ai-draft">
                  <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', marginBottom: 4 }}>
                    {draft.text}
                  </Typography.Paragraph>
                  <SmsCountLine count={smsCount(draft.text, kind)} />
                  <div style={{ marginTop: 8 }}>
                    <Button
                      size="small"
                      onClick={() => {
                        onPick(draft.text);
                        setOpen(false);
                      }}
                    >
                      {t('aiWriter.use', { n: n(index + 1) })}
                    </Button>
                  </div>
                </Card>
              ))}
              <Typography.Text type="secondary" style={{ fontSize: 13 }} data-testid="ai-credits">
                {t('aiWriter.credits', {
                  count: result.credits.balance,
                  formatted: n(result.credits.balance),
                  monthly: n(result.credits.monthly),
                })}
              </Typography.Text>
            </Flex>
          ) : null}
        </Flex>
      </Modal>
    </>
  );
}
