import { SHELL_ROUTES, type studentEndpoints } from '@batchwise/domain';
import { queryOptions } from '@tanstack/react-query';
import { endpointQuery, routed } from '../../lib/api-client';

// By route: the verification notice is on every signed-in page's first load (api-client.ts `routed`).
const verificationEndpoint = routed<typeof studentEndpoints.verification>(SHELL_ROUTES.studentVerification);

/** The students with conflicting or incomplete data (the Student Data Verification panel). */
export function verificationQuery(accountId: string) {
  return queryOptions({
    ...endpointQuery(verificationEndpoint, { params: { accountId } }),
    select: (answer) => answer.students,
    staleTime: 60_000,
  });
}
