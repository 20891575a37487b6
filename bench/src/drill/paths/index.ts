import type { WritePath } from '../write-path';
import { admissionAcceptPath } from './admission-accept';
import { authLinkSmsPath } from './auth-link-sms';
import { classroomCreatePath } from './classroom-create';
import { counterCollectPath } from './counter-collect';
import { firebaseImportPath } from './firebase-import';
import { kioskPunchesPath } from './kiosk-punches';
import { marksSavePath } from './marks-save';
import { onlineIpnPath } from './online-ipn';
import { signUpPath } from './sign-up';
import { smsDispatchPath } from './sms-dispatch';
import { studentCreatePath } from './student-create';
import { studentSavePath } from './student-save';
import { voidRefundPath } from './void-refund';

/** Every write path the drill drives; a new path is one module and one line here. */
export function writePaths(): WritePath[] {
  return [
    signUpPath(),
    classroomCreatePath(),
    studentCreatePath(),
    studentSavePath(),
    authLinkSmsPath(),
    smsDispatchPath(),
    kioskPunchesPath(),
    counterCollectPath(),
    voidRefundPath(),
    onlineIpnPath(),
    admissionAcceptPath(),
    marksSavePath(),
    firebaseImportPath(),
  ];
}
