import {
  DEFAULT_INSTITUTION,
  isPickableClassroom,
  type StudentDetail,
  type StudentFormSettings,
} from '@batchwise/domain';
import { useQuery } from '@tanstack/react-query';
import { Drawer, Flex, Skeleton } from 'antd';
import { type RefObject, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryError } from '../../../components/antd/query-error';
import { useDrawerPlacement, useDrawerSize } from '../../../components/antd/use-drawer-size';
import { type Classroom, classroomsQuery } from '../../../lib/classrooms-query';
import { useWorkAccount, type WorkAccount } from '../../../lib/use-work-account';
import { formSettingsQuery, type IncludeOption, studentDetailQuery } from '../student-api';
import { DrawerHeader } from './drawer-header';
import { cardFromOption, cardsOf, customIdPartOf, EMPTY_VALUES, valuesOf } from './student-form-state';
import { type DrawerTexts, StudentFormView } from './student-form-view';

/** What the drawer opens on: a student to edit (or verify), or a new student. */
export type DrawerTarget =
  | { mode: 'edit' | 'verify'; accountId: string; studentId: string; reasons?: string[] }
  | { mode: 'create'; accountId: string; classroomId?: string };

const targetKey = (target: DrawerTarget) =>
  target.mode === 'create'
    ? `create:${target.accountId}:${target.classroomId ?? ''}`
    : `${target.mode}:${target.studentId}`;

/**
 * The student edit drawer of part 2 §2, teacher and admin versions (the admin version always asks
 * institution and parents and shows teacher names on classroom cards). Opens from the right; the
 * whole width on phones. Title and submit text follow the mode: edit, verify or add.
 */
export function StudentDrawer({
  target,
  onClose,
  hideClassrooms,
}: {
  target: DrawerTarget | null;
  onClose: () => void;
  /** The hide-added-batch-info flag: no "Included Classrooms" section. */
  hideClassrooms?: boolean;
}) {
  const work = useWorkAccount();
  const size = useDrawerSize(560);
  const placement = useDrawerPlacement();
  // Keeps the content while the drawer slides shut after `target` went back to null.
  const [shown, setShown] = useState(target);
  useEffect(() => {
    if (target) setShown(target);
  }, [target]);
  const closeRequest = useRef<() => void>(onClose);
  closeRequest.current = onClose;
  const current = target ?? shown;

  return (
    <Drawer
      placement={placement}
      open={target !== null}
      size={size}
      closable={false}
      onClose={() => closeRequest.current()}
      afterOpenChange={(open) => {
        if (!open) setShown(null);
      }}
      styles={{ body: { padding: 0 } }}
      data-testid="student-drawer"
    >
      {current && work ? (
        <DrawerContent
          key={targetKey(current)}
          target={current}
          work={work}
          hideClassrooms={hideClassrooms === true}
          closeRequest={closeRequest}
          onClose={onClose}
        />
      ) : null}
    </Drawer>
  );
}

function DrawerContent({
  target,
  work,
  hideClassrooms,
  closeRequest,
  onClose,
}: {
  target: DrawerTarget;
  work: WorkAccount;
  hideClassrooms: boolean;
  closeRequest: RefObject<() => void>;
  onClose: () => void;
}) {
  const { t } = useTranslation('students');
  const { words } = work;
  const creating = target.mode === 'create';
  const settings = useQuery(formSettingsQuery(target.accountId));
  const detail = useQuery({
    ...studentDetailQuery(target.accountId, creating ? '' : target.studentId),
    enabled: !creating,
  });
  const classrooms = useQuery({ ...classroomsQuery(work.account.id), enabled: creating });

  const texts: DrawerTexts =
    target.mode === 'verify'
      ? { title: t('drawer.verifyTitle'), submit: t('drawer.verifySubmit') }
      : target.mode === 'create'
        ? {
            title: t('drawer.createTitle', { student: words.cap(words.student) }),
            submit: t('drawer.createSubmit', { student: words.cap(words.student) }),
          }
        : { title: t('drawer.title'), submit: t('drawer.submit') };
  const subtitle = t('drawer.subtitle', { student: words.student });

  const failed = settings.error ?? detail.error ?? classrooms.error;
  const ready = settings.isSuccess && (creating ? classrooms.isSuccess : detail.isSuccess);
  if (!ready) {
    return (
      <>
        <DrawerHeader title={texts.title} subtitle={subtitle} onBack={onClose} />
        <div style={{ padding: 16 }}>
          {failed ? (
            <QueryError
              error={failed}
              onRetry={() => {
                void settings.refetch();
                if (creating) void classrooms.refetch();
                else void detail.refetch();
              }}
            />
          ) : (
            <Flex vertical gap={16}>
              <Skeleton active avatar />
              <Skeleton active />
            </Flex>
          )}
        </div>
      </>
    );
  }

  const student: StudentDetail | null = creating ? null : (detail.data ?? null);
  const createOptions = creating ? toOptions(classrooms.data ?? []) : [];
  const firstClassroom = creating
    ? createOptions.find((o) => o.classroomId === target.classroomId)
    : undefined;
  const formSettings: StudentFormSettings = settings.data;

  return (
    <StudentFormView
      target={target}
      work={work}
      texts={texts}
      subtitle={subtitle}
      settings={formSettings}
      student={student}
      initialValues={
        student
          ? valuesOf(student)
          : {
              ...EMPTY_VALUES,
              institution: newStudentInstitution(work, target.accountId),
              customIdPart: customIdPartOf(formSettings.nextCustomId),
            }
      }
      initialCards={student ? cardsOf(student) : firstClassroom ? [cardFromOption(firstClassroom, '')] : []}
      createOptions={createOptions}
      canEditId={
        student
          ? student.permissions.modifyCustomId
          : work.account.relation !== 'assistant' || work.account.modifyCustomId
      }
      hideClassrooms={hideClassrooms}
      closeRequest={closeRequest}
      onClose={onClose}
    />
  );
}

/**
 * A new student's institution, filled in so the rule that asks for one (part 2 §2 "Institution")
 * holds without typing: the teacher's institution, else the spec's default "Private".
 */
function newStudentInstitution(work: WorkAccount, accountId: string): string {
  const account = work.session.accounts.find((a) => a.id === accountId);
  return account?.institution.trim() || DEFAULT_INSTITUTION;
}

/** Classrooms a new student may be put in: open, pickable, where the caller manages students. */
function toOptions(classrooms: Classroom[]): IncludeOption[] {
  return classrooms
    .filter((c) => c.closedAt === null && c.manageStudents && isPickableClassroom(c.name))
    .map((c) => ({
      classroomId: c.id,
      accountId: c.accountId,
      teacherName: c.teacherName,
      grade: c.grade,
      subject: c.subject,
      name: c.name,
      color: c.color,
      tuitionFeePaisa: c.tuitionFeePaisa,
    }));
}
