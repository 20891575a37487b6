import type { StudentDetail, StudentFormSettings } from '@batchwise/domain';
import { useQuery } from '@tanstack/react-query';
import { Alert, App, Collapse, Form } from 'antd';
import { type RefObject, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMoney } from '../../../lib/use-money';
import type { WorkAccount } from '../../../lib/use-work-account';
import { type IncludeOption, includeOptionsQuery } from '../student-api';
import { AdditionalSection } from './additional-section';
import { DrawerHeader } from './drawer-header';
import { GeneralSection } from './general-section';
import { IncludeModal } from './include-modal';
import { IncludedClassrooms } from './included-classrooms';
import { LinksSection } from './links-section';
import { PhoneField } from './phone-field';
import type { DrawerTarget } from './student-drawer';
import {
  type ClassroomCardState,
  cardFromOption,
  type FieldName,
  type StudentFormValues,
  toPayload,
} from './student-form-state';
import { UnsavedPrompt } from './unsaved-prompt';
import { useStudentForm } from './use-student-form';
import { useStudentSave } from './use-student-save';

export interface DrawerTexts {
  title: string;
  submit: string;
}

/** Panels 1, 2 and 4 open by default (part 2 §2). */
const OPEN_BY_DEFAULT = ['general', 'parents', 'classrooms'];

export function StudentFormView({
  target,
  work,
  texts,
  subtitle,
  settings,
  student,
  initialValues,
  initialCards,
  createOptions,
  canEditId,
  hideClassrooms,
  closeRequest,
  onClose,
}: {
  target: DrawerTarget;
  work: WorkAccount;
  texts: DrawerTexts;
  subtitle: string;
  settings: StudentFormSettings;
  student: StudentDetail | null;
  initialValues: StudentFormValues;
  initialCards: ClassroomCardState[];
  createOptions: IncludeOption[];
  canEditId: boolean;
  hideClassrooms: boolean;
  closeRequest: RefObject<() => void>;
  onClose: () => void;
}) {
  const { t } = useTranslation(['students', 'domain']);
  const { message } = App.useApp();
  const { words } = work;
  const money = useMoney(work.account.currency);
  const [rules] = useState(() => ({ institutionRequired: settings.institutionRequired }));
  const form = useStudentForm(initialValues, initialCards, rules);
  const save = useStudentSave();
  const [activeKeys, setActiveKeys] = useState<string[]>(OPEN_BY_DEFAULT);
  const [including, setIncluding] = useState(false);
  const [prompting, setPrompting] = useState(false);
  const studentId = student?.id ?? null;
  const options = useQuery({
    ...includeOptionsQuery(target.accountId, studentId ?? ''),
    enabled: studentId !== null && including,
  });
  // The admin version asks institution and parents always; a teacher's only in SMS_LMS_GATEWAY mode.
  const showInstitution = settings.institutionRequired;
  // The button shows even when nothing is left to include: the modal then says so.
  const canInclude = student ? student.permissions.edit : true;

  const handleSubmit = async () => {
    if (!form.validate()) {
      const problems = Object.keys(form.errors) as FieldName[];
      const parents = problems.some((field) => field === 'parent1Phone' || field === 'parent2Phone');
      setActiveKeys((keys) => [...new Set([...keys, 'general', ...(parents ? ['parents'] : [])])]);
      message.error(t('drawer.fixErrors'));
      return;
    }
    // An admin adds a new student to the account of the first classroom chosen.
    const accountId = studentId ? target.accountId : (form.cards[0]?.accountId ?? target.accountId);
    const { outcome } = await save.run({
      accountId,
      studentId,
      payload: toPayload(form.values, form.cards),
      photo: form.photo,
    });
    if (outcome !== 'stay') onClose();
  };

  const requestClose = () => {
    if (save.saving) return;
    if (form.dirty) setPrompting(true);
    else onClose();
  };
  closeRequest.current = requestClose;

  const available = (studentId ? (options.data ?? []) : createOptions).filter(
    (option) => !form.cards.some((card) => card.classroomId === option.classroomId),
  );

  const parentField = (field: 'parent1Phone' | 'parent2Phone', label: string) => {
    const error = form.errors[field];
    return (
      <PhoneField
        id={`student-${field}`}
        label={label}
        kind="parent"
        value={form.values[field]}
        error={error ? t(`domain:${error.code}`, { defaultValue: error.message }) : undefined}
        showError={form.showError(field)}
        onChange={(value) => form.setField(field, value)}
        onBlur={() => form.handleBlur(field)}
      />
    );
  };

  const items = [
    {
      key: 'general',
      label: t('drawer.sections.general'),
      forceRender: true,
      children: (
        <GeneralSection
          form={form}
          showInstitution={showInstitution}
          canEditId={canEditId}
          avatarUrl={student?.avatarUrl ?? null}
          uploadPercent={save.uploadPercent}
          words={words}
        />
      ),
    },
    ...(showInstitution
      ? [
          {
            key: 'parents',
            label: t('drawer.sections.parents'),
            forceRender: true,
            children: (
              <>
                {parentField('parent1Phone', t('drawer.fields.parent1'))}
                {parentField('parent2Phone', t('drawer.fields.parent2'))}
              </>
            ),
          },
        ]
      : []),
    ...(settings.fields.length > 0
      ? [
          {
            key: 'additional',
            label: t('drawer.sections.additional'),
            children: <AdditionalSection form={form} fields={settings.fields} />,
          },
        ]
      : []),
    ...(hideClassrooms
      ? []
      : [
          {
            key: 'classrooms',
            label: t('drawer.sections.classrooms', {
              classroom: words.classroom,
              classrooms: words.cap(words.classrooms),
            }),
            children: (
              <IncludedClassrooms
                form={form}
                showTeacher={work.isAdmin}
                canInclude={canInclude}
                money={money}
                words={words}
                onInclude={() => setIncluding(true)}
              />
            ),
          },
        ]),
    ...(student
      ? [
          {
            key: 'links',
            label: t('drawer.sections.links'),
            children: <LinksSection accountId={student.accountId} studentId={student.id} />,
          },
        ]
      : []),
  ];

  return (
    <>
      <DrawerHeader
        title={texts.title}
        subtitle={subtitle}
        submitText={texts.submit}
        saving={save.saving}
        progress={save.progress}
        disabled={student !== null && !student.permissions.edit}
        onBack={requestClose}
        onSubmit={() => void handleSubmit()}
      />
      <div style={{ padding: 16 }}>
        {save.clash ? (
          <Alert type="error" showIcon title={save.clash} style={{ marginBottom: 12 }} role="alert" />
        ) : null}
        {target.mode === 'verify' && target.reasons?.length ? (
          <Alert
            type="warning"
            showIcon
            style={{ marginBottom: 12 }}
            title={t('verification.whyTitle')}
            description={target.reasons.map((reason) => t(`verification.reasons.${reason}`)).join(' · ')}
          />
        ) : null}
        {student && !student.permissions.edit ? (
          <Alert type="info" showIcon style={{ marginBottom: 12 }} title={t('drawer.readOnly')} />
        ) : null}
        <Form layout="vertical" component="div" disabled={save.saving}>
          <Collapse
            activeKey={activeKeys}
            onChange={(keys) => setActiveKeys(Array.isArray(keys) ? keys.map(String) : [String(keys)])}
            items={items}
          />
        </Form>
      </div>
      <IncludeModal
        open={including}
        options={available}
        loading={studentId !== null && options.isPending}
        error={options.error}
        showTeacher={work.isAdmin}
        money={money}
        words={words}
        onRetry={() => void options.refetch()}
        onCancel={() => setIncluding(false)}
        onAdd={(choices) => {
          form.addCards(choices.map((choice) => cardFromOption(choice.option, choice.feeText)));
          setIncluding(false);
          setActiveKeys((keys) => [...new Set([...keys, 'classrooms'])]);
        }}
      />
      <UnsavedPrompt
        open={prompting}
        onStay={() => setPrompting(false)}
        onDiscard={() => {
          setPrompting(false);
          onClose();
        }}
        onSave={() => {
          setPrompting(false);
          void handleSubmit();
        }}
      />
    </>
  );
}
