import { teamEndpoints as endpoints, invitationEndpoints } from '@batchwise/domain';
import { route } from '../../lib/route';
import type { TypedApp } from '../../lib/typed-app';
import type { TeamsService } from './teams.service';

export function teamsRoutes(app: TypedApp, teams: TeamsService): void {
  route(app, endpoints.team, (request) => teams.team(request.principal!, request.params.accountId));

  route(app, endpoints.addTeacher, async (request) => {
    await teams.addTeacher(request.principal!, request.params.accountId, request.body, { ip: request.ip });
    return { ok: true as const };
  });

  route(app, endpoints.inviteAssistant, async (request) => {
    await teams.inviteAssistant(request.principal!, request.params.accountId, request.body);
    return { ok: true as const };
  });

  route(app, endpoints.revokeInvitation, async (request) => {
    await teams.revokeInvitation(request.principal!, request.params.accountId, request.params.invitationId);
    return { ok: true as const };
  });

  route(app, endpoints.removeAssistant, async (request) => {
    await teams.removeAssistant(request.principal!, request.params.accountId, request.params.grantId);
    return { ok: true as const };
  });

  route(app, invitationEndpoints.mine, async (request) => ({
    invitations: await teams.myInvitations(request.principal!),
  }));

  for (const answer of ['accept', 'decline'] as const) {
    route(app, invitationEndpoints[answer], async (request) => {
      await teams.respond(request.principal!, request.params.invitationId, answer);
      return { ok: true as const };
    });
  }
}
