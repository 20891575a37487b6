import {
  type EndpointInput,
  type EndpointResponse,
  fillPath,
  queryString,
  WALL_FAMILY_PATHS,
  type wallEndpoints,
} from '@batchwise/domain';
import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from '../../lib/api';

// The classroom wall's family calls, light like portal-api.ts (types only from the contracts).

type Contracts = typeof wallEndpoints;
export type WallAnswer<K extends keyof Contracts> = EndpointResponse<Contracts[K]>;

/** Under the portal's key shape, so a child's `portal` refresh reaches the wall too. */
export function wallPageQuery(studentId: string, page: number) {
  return queryOptions({
    queryKey: ['portal', { studentId }, WALL_FAMILY_PATHS.wall, { page }],
    queryFn: ({ signal }) =>
      apiFetch<WallAnswer<'familyWall'>>(
        fillPath(WALL_FAMILY_PATHS.wall, { studentId }) + queryString({ page }),
        { signal },
      ),
  });
}

export function postComment(
  studentId: string,
  postId: string,
  body: EndpointInput<Contracts['comment']>['body'],
): Promise<WallAnswer<'comment'>> {
  return apiFetch(fillPath(WALL_FAMILY_PATHS.comment, { studentId, postId }), { method: 'POST', body });
}

export function removeComment(studentId: string, postId: string, commentId: string): Promise<unknown> {
  return apiFetch(fillPath(WALL_FAMILY_PATHS.removeComment, { studentId, postId, commentId }), {
    method: 'DELETE',
  });
}
