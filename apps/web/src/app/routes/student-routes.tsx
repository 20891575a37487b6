import { useState } from 'react';
import { ClassroomFiles } from '../../features/classroom-files/classroom-files';
import { ClassroomPage } from '../../features/classrooms/classroom-page';
import { type DrawerTarget, StudentDrawer } from '../../features/students/drawer/student-drawer';
import { ClassroomWall } from '../../features/wall/classroom-wall';

/**
 * The classroom page opens students in the students feature's drawer and shows the classroom's
 * wall and files. Features do not import each other, so they meet here.
 */
export function ClassroomRoute() {
  const [target, setTarget] = useState<DrawerTarget | null>(null);
  return (
    <>
      <ClassroomPage
        onOpenStudent={(accountId, studentId) => setTarget({ mode: 'edit', accountId, studentId })}
        onAddStudent={(accountId, classroomId) => setTarget({ mode: 'create', accountId, classroomId })}
        renderWall={(accountId, classroomId) => (
          <ClassroomWall accountId={accountId} classroomId={classroomId} />
        )}
        renderFiles={(accountId, classroomId) => (
          <ClassroomFiles accountId={accountId} classroomId={classroomId} />
        )}
      />
      <StudentDrawer target={target} onClose={() => setTarget(null)} />
    </>
  );
}
