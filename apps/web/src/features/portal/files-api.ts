import {
  type classroomFileEndpoints,
  type EndpointResponse,
  FAMILY_FILE_PATHS,
  fillPath,
} from '@batchwise/domain';
import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from '../../lib/api';

// Classroom files shared with a child, light like portal-api.ts (types only from the contracts).

export type FamilyFiles = EndpointResponse<(typeof classroomFileEndpoints)['familyFiles']>;

/** Under the portal's key shape, so a child's `portal` refresh reaches the files too. */
export function familyFilesQuery(studentId: string) {
  return queryOptions({
    queryKey: ['portal', { studentId }, FAMILY_FILE_PATHS.list],
    queryFn: ({ signal }) =>
      apiFetch<FamilyFiles>(fillPath(FAMILY_FILE_PATHS.list, { studentId }), { signal }),
  });
}

/** The file's own address: opened in the browser, or saved with `download`. */
export function familyFileUrl(studentId: string, fileId: string, download = false): string {
  return fillPath(FAMILY_FILE_PATHS.content, { studentId, fileId }) + (download ? '?download=1' : '');
}
