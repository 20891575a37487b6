import path from 'node:path';
import type { Db } from './db/database';
import type { Storage } from './drivers/storage/storage';
import type { Clock } from './lib/clock';
import type { AccessPolicy } from './modules/access/access.policy';
import { ClassroomFilesService } from './modules/classroom-files/classroom-files.service';
import { FamilyFilesService } from './modules/classroom-files/family-files.service';
import type { EventBus } from './modules/events/event-bus';
import type { PlansService } from './modules/plans/plans.service';
import { FamilyChildrenService } from './modules/portal/family-children.service';
import type { MyClassesService } from './modules/students/my-classes.service';
import { createTusUploads, type TusUploads } from './modules/uploads/tus-server';
import { UploadsService } from './modules/uploads/uploads.service';

/** Resumable uploads and the files kept per classroom: part of `Deps`. */
export interface StorageServices {
  /** Finished uploads, claimed once by the module that uses them (`claim`), and storage usage. */
  uploads: UploadsService;
  tusUploads: TusUploads;
  classroomFiles: ClassroomFilesService;
  familyFiles: FamilyFilesService;
}

/**
 * Their part of the composition root (deps.ts). Upload chunks wait in DATA_DIR/tus on this
 * machine until the upload finishes; the finished file goes to the storage driver.
 */
export function createStorageServices(base: {
  db: Db;
  clock: Clock;
  access: AccessPolicy;
  events: EventBus;
  storage: Storage;
  plans: PlansService;
  myClasses: MyClassesService;
  dataDir: string;
}): StorageServices {
  const { db, clock, access, events, storage } = base;
  const uploads = new UploadsService({ db, clock, access, plans: base.plans, storage });
  const family = new FamilyChildrenService({ db, myClasses: base.myClasses });
  return {
    uploads,
    tusUploads: createTusUploads({ uploads, clock, directory: path.join(base.dataDir, 'tus') }),
    classroomFiles: new ClassroomFilesService({ db, clock, access, events, uploads, storage }),
    familyFiles: new FamilyFilesService({ db, storage, family }),
  };
}
