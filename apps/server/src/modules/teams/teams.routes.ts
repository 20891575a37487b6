import { addTeacherSchema, invitationSchema, inviteAssistantSchema, teamSchema } from '@batchwise/domain';
import { z } from 'zod';
import type { TypedApp } from '../../lib/typed-app';
import type { TeamsService } from './teams.service';

const tags = ['teams'];
const ok = z.object({ ok: z.literal(true) });
const accountParams = z.object({ accountId: z.string().min(1) });
const managers = { roles: ['Teacher', 'Admin'] } as const;

export function teamsRoutes(app: TypedApp, teams: TeamsService): void {
  app.get(
    '/api/accounts/:accountId/team',
    {
      config: { access: managers },
      schema: {
        tags,
        summary: 'Teachers, assistants and open invitations',
        params: accountParams,
        response: { 200: teamSchema },
      },
    },
    async (request) => teams.team(request.principal!, request.params.accountId),
  );

  app.post(
    '/api/accounts/:accountId/teachers',
    {
      config: { access: { roles: ['Admin'] } },
      schema: {
        tags,
        summary: 'Create a teacher under this admin, or invite an existing one',
        params: accountParams,
        body: addTeacherSchema,
        response: { 200: ok },
      },
    },
    async (request) => {
      await teams.addTeacher(request.principal!, request.params.accountId, request.body, { ip: request.ip });
      return { ok: true as const };
    },
  );

  app.post(
    '/api/accounts/:accountId/assistants/invitations',
    {
      config: { access: managers },
      schema: {
        tags,
        summary: 'Invite an assistant by e-mail or phone',
        params: accountParams,
        body: inviteAssistantSchema,
        response: { 200: ok },
      },
    },
    async (request) => {
      await teams.inviteAssistant(request.principal!, request.params.accountId, request.body);
      return { ok: true as const };
    },
  );

  app.delete(
    '/api/accounts/:accountId/invitations/:invitationId',
    {
      config: { access: managers },
      schema: {
        tags,
        summary: 'Withdraw an open invitation',
        params: accountParams.extend({ invitationId: z.string().min(1) }),
        response: { 200: ok },
      },
    },
    async (request) => {
      await teams.revokeInvitation(request.principal!, request.params.accountId, request.params.invitationId);
      return { ok: true as const };
    },
  );

  app.delete(
    '/api/accounts/:accountId/assistants/:grantId',
    {
      config: { access: managers },
      schema: {
        tags,
        summary: "Remove an assistant's access",
        params: accountParams.extend({ grantId: z.string().min(1) }),
        response: { 200: ok },
      },
    },
    async (request) => {
      await teams.removeAssistant(request.principal!, request.params.accountId, request.params.grantId);
      return { ok: true as const };
    },
  );

  app.get(
    '/api/me/invitations',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary: 'Open invitations addressed to me',
        response: { 200: z.object({ invitations: z.array(invitationSchema) }) },
      },
    },
    async (request) => ({ invitations: await teams.myInvitations(request.principal!) }),
  );

  for (const answer of ['accept', 'decline'] as const) {
    app.post(
      `/api/me/invitations/:invitationId/${answer}`,
      {
        config: { access: 'signed-in' },
        schema: {
          tags,
          summary: `${answer === 'accept' ? 'Accept' : 'Decline'} an invitation`,
          params: z.object({ invitationId: z.string().min(1) }),
          response: { 200: ok },
        },
      },
      async (request) => {
        await teams.respond(request.principal!, request.params.invitationId, answer);
        return { ok: true as const };
      },
    );
  }
}
