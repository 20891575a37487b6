import { useState } from 'react';
import { ClassroomPage } from '../../features/classrooms/classroom-page';
import { type DrawerTarget, StudentDrawer } from '../../features/students/drawer/student-drawer';

/**
 * The classroom page opens students in the students feature's drawer. Features do not import
 * each other, so the two meet here.
 */
export function ClassroomRoute() {
  const [target, setTarget] = useState<DrawerTarget | null>(null);
  return (
    <>
      <ClassroomPage
        onOpenStudent={(accountId, studentId) => setTarget({ mode: 'edit', accountId, studentId })}
        onAddStudent={(accountId, classroomId) => setTarget({ mode: 'create', accountId, classroomId })}
      />
      <StudentDrawer target={target} onClose={() => setTarget(null)} />
    </>
  );
}
