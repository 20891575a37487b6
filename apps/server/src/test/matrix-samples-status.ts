import type { Sample } from './matrix-samples';

// Matrix samples of the status page: its figures and page are public (implied by their
// declaration), incidents are for platform staff alone, /metrics answers a scraper's token and
// no signed-in actor, and the SMS fault switch is a developer tool.

const incident = { title: 'SMS delayed', state: 'investigating', message: 'Looking into it.' } as const;

export const STATUS_SAMPLES: Record<string, Sample> = {
  'GET /metrics': { allowed: [] },
  'GET /api/staff/status/incidents': { allowed: ['staff'] },
  'POST /api/staff/status/incidents': { allowed: ['staff'], call: () => ({ body: incident }) },
  'POST /api/staff/status/incidents/:incidentId/updates': {
    allowed: ['staff'],
    call: async (w, deps) => ({
      params: { incidentId: (await deps.status.createIncident(incident, w.users.staff)).id },
      body: { state: 'monitoring', message: 'Fixed, watching.' },
    }),
  },
  'PUT /api/dev/sms-faults': { allowed: 'everyone', call: () => ({ body: { failNumbers: [] } }) },
};
