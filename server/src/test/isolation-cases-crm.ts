import { bare, del, get, patch, post, put, soon, type RouteCase } from './isolation-probes';
import { MARKER, caldavCalendarOfA, caldavOfA } from './isolation-world';

// The isolation cases of the CRM's records (isolation-cases.ts): contacts, pipelines, deals and their activities, the
// calendar, projects, tasks and their categories, and the profile.

const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52]);

export const crmCases: Record<string, RouteCase> = {
  'GET /api/contacts': { probes: () => [get('/api/contacts'), get(`/api/contacts?q=${MARKER}`)] },
  'GET /api/contacts/count': { probes: () => [get('/api/contacts/count')] },
  'GET /api/contacts/export': { probes: () => [get('/api/contacts/export')] },
  'POST /api/contacts/import': {
    // A's contact's e-mail with "update": B's import only ever matches B's own contacts.
    probes: () => [
      {
        method: 'POST',
        url: '/api/contacts/import',
        parts: [
          { name: 'mapping', bytes: JSON.stringify({ name: 0, email: 1 }) },
          { name: 'duplicates', bytes: 'update' },
          { name: 'file', filename: 'contacts.csv', type: 'text/csv', bytes: 'Name,Email\nImpostor,zc@example.com\n' },
        ],
        expect: 'own',
      },
    ],
  },
  'GET /api/contacts/imports/current': { probes: () => [get('/api/contacts/imports/current')] },
  'GET /api/contacts/imports/:id': { probes: (w) => [get(`/api/contacts/imports/${w.contactImportId}`, 404)] },
  'GET /api/contacts/imports/:id/report': {
    probes: (w) => [get(`/api/contacts/imports/${w.contactImportId}/report`, 404)],
  },
  'POST /api/contacts/imports/:id/dismiss': {
    probes: (w) => [bare(`/api/contacts/imports/${w.contactImportId}/dismiss`)],
  },
  'GET /api/contacts/:id/details': { probes: (w) => [get(`/api/contacts/${w.contactId}/details`, 404)] },
  'GET /api/contacts/:id': { probes: (w) => [get(`/api/contacts/${w.contactId}`, 404)] },
  'POST /api/contacts': { probes: () => [post('/api/contacts', { name: 'Bob contact', email: 'zc@example.com' })] },
  'PATCH /api/contacts/:id': { probes: (w) => [patch(`/api/contacts/${w.contactId}`, { name: 'Hijacked' })] },
  'DELETE /api/contacts/:id': { probes: (w) => [del(`/api/contacts/${w.contactId}`)] },

  'GET /api/pipelines': { probes: () => [get('/api/pipelines')] },
  'POST /api/pipelines': { probes: () => [post('/api/pipelines', { name: 'Bob second' })] },
  'PATCH /api/pipelines/:id': { probes: (w) => [patch(`/api/pipelines/${w.pipelineId}`, { name: 'Hijacked' })] },
  'DELETE /api/pipelines/:id': { probes: (w) => [del(`/api/pipelines/${w.pipelineId}`)] },
  'POST /api/pipelines/:id/default': { probes: (w) => [bare(`/api/pipelines/${w.pipelineId}/default`)] },
  'POST /api/pipelines/:id/stages': {
    probes: (w) => [post(`/api/pipelines/${w.pipelineId}/stages`, { name: 'Hijacked' }, 404)],
  },
  'POST /api/pipelines/:id/stages/remove': {
    probes: (w) => [post(`/api/pipelines/${w.pipelineId}/stages/remove`, { name: w.stages.at(-1) }, 404)],
  },
  'POST /api/pipelines/:id/stages/rename': {
    probes: (w) => [post(`/api/pipelines/${w.pipelineId}/stages/rename`, { from: w.stages[0], to: 'Hijacked' }, 404)],
  },
  'PUT /api/pipelines/:id/stages': {
    probes: (w) => [put(`/api/pipelines/${w.pipelineId}/stages`, { stages: [...w.stages].reverse() })],
  },

  'GET /api/deals/board': { probes: (w) => [get(`/api/deals/board?pipelineId=${w.pipelineId}`, 404)] },
  'GET /api/deals': { probes: (w) => [get(`/api/deals?pipelineId=${w.pipelineId}&stage=${w.stages[0]}`, 404)] },
  'GET /api/deals/options': { probes: () => [get('/api/deals/options'), get(`/api/deals/options?q=${MARKER}`)] },
  'GET /api/deals/:id': { probes: (w) => [get(`/api/deals/${w.dealId}`, 404)] },
  'POST /api/deals': {
    probes: (w) => [
      post('/api/deals', { name: 'Bob deal', pipelineId: w.bPipelineId, stage: 'Lead' }),
      post('/api/deals', { name: 'Bob deal', pipelineId: w.pipelineId, stage: w.stages[0] }, 400),
      post('/api/deals', { name: 'Bob deal', pipelineId: w.bPipelineId, stage: 'Lead', contactId: w.contactId }, 400),
    ],
  },
  'PATCH /api/deals/:id': {
    probes: (w) => [
      patch(`/api/deals/${w.dealId}`, { name: 'Hijacked', pipelineId: w.pipelineId, stage: w.stages[1] }),
      patch(`/api/deals/${w.dealId}`, { name: 'Hijacked', pipelineId: w.bPipelineId, stage: 'Lead' }),
    ],
  },
  'PATCH /api/deals/:id/stage': { probes: (w) => [patch(`/api/deals/${w.dealId}/stage`, { stage: w.stages[1] })] },
  'DELETE /api/deals/:id': { probes: (w) => [del(`/api/deals/${w.dealId}`)] },

  'GET /api/deals/:dealId/activities': { probes: (w) => [get(`/api/deals/${w.dealId}/activities`, 404)] },
  'POST /api/deals/:dealId/activities': {
    probes: (w) => [
      post(
        `/api/deals/${w.dealId}/activities`,
        { activityType: 'call', description: 'Hijacked', dueDate: soon(1) },
        404,
      ),
    ],
  },
  'POST /api/deals/:dealId/activities/:id/complete': {
    probes: (w) => [bare(`/api/deals/${w.dealId}/activities/${w.activityId}/complete`)],
  },
  'DELETE /api/deals/:dealId/activities/:id': {
    probes: (w) => [del(`/api/deals/${w.dealId}/activities/${w.activityId}`)],
  },

  'GET /api/calendar': { probes: () => [get(`/api/calendar?from=${soon(-1)}&to=${soon(30)}`)] },
  'GET /api/calendar/integration': { probes: () => [get('/api/calendar/integration')] },
  'PUT /api/calendar/integration': {
    probes: () => [put('/api/calendar/integration', { googleClientId: 'bob-client', googleClientSecret: '' }, 'own')],
  },
  'POST /api/calendar/integration/token': { probes: () => [bare('/api/calendar/integration/token', 'own')] },
  // A's CalDAV account: B reads none of it, and never gets A's saved app password used for a test or a save.
  'GET /api/calendar/integration/caldav': { probes: () => [get('/api/calendar/integration/caldav')] },
  'POST /api/calendar/integration/caldav/test': {
    probes: () => [post('/api/calendar/integration/caldav/test', caldavOfA, 400)],
  },
  'PUT /api/calendar/integration/caldav': {
    probes: () => [
      put('/api/calendar/integration/caldav', { ...caldavOfA, publishCalendarUrl: caldavCalendarOfA }, 400),
    ],
  },
  'DELETE /api/calendar/integration/caldav': { probes: () => [del('/api/calendar/integration/caldav')] },

  'GET /api/projects/board': { probes: () => [get('/api/projects/board')] },
  'GET /api/projects': { probes: () => [get('/api/projects'), get(`/api/projects?q=${MARKER}`)] },
  'GET /api/projects/:id': { probes: (w) => [get(`/api/projects/${w.projectId}`, 404)] },
  'POST /api/projects': { probes: () => [post('/api/projects', { name: 'Bob project' })] },
  'PUT /api/projects/:id': { probes: (w) => [put(`/api/projects/${w.projectId}`, { name: 'Hijacked' })] },
  'PATCH /api/projects/:id/status': {
    probes: (w) => [patch(`/api/projects/${w.projectId}/status`, { status: 'Review' })],
  },
  'DELETE /api/projects/:id': { probes: (w) => [del(`/api/projects/${w.projectId}`)] },

  'GET /api/tasks/board': {
    probes: (w) => [get('/api/tasks/board'), get(`/api/tasks/board?projectId=${w.projectId}`)],
  },
  'GET /api/tasks': {
    probes: (w) => [
      get('/api/tasks'),
      get(`/api/tasks?q=${MARKER}`),
      get(`/api/tasks?projectId=${w.projectId}&categoryId=${w.categoryId}`),
    ],
  },
  'GET /api/tasks/:id': { probes: (w) => [get(`/api/tasks/${w.taskId}`, 404)] },
  'POST /api/tasks': {
    probes: (w) => [
      post('/api/tasks', { name: 'Bob task' }),
      post('/api/tasks', { name: 'Bob task', projectId: w.projectId }, 400),
      post('/api/tasks', { name: 'Bob task', dealId: w.dealId }, 400),
      post('/api/tasks', { name: 'Bob task', categoryId: w.categoryId }, 400),
    ],
  },
  'PUT /api/tasks/:id': { probes: (w) => [put(`/api/tasks/${w.taskId}`, { name: 'Hijacked' })] },
  'PATCH /api/tasks/:id/status': { probes: (w) => [patch(`/api/tasks/${w.taskId}/status`, { status: 'Done' })] },
  'DELETE /api/tasks/:id': { probes: (w) => [del(`/api/tasks/${w.taskId}`)] },

  'GET /api/task-categories': { probes: () => [get('/api/task-categories')] },
  'POST /api/task-categories': { probes: () => [post('/api/task-categories', { name: 'Bob category' })] },
  'PATCH /api/task-categories/:id': {
    probes: (w) => [patch(`/api/task-categories/${w.categoryId}`, { name: 'Hijacked' })],
  },
  'DELETE /api/task-categories/:id': { probes: (w) => [del(`/api/task-categories/${w.categoryId}`)] },

  'PATCH /api/profile': { probes: () => [patch('/api/profile', { name: 'Bob B' }, 'own')] },
  'POST /api/profile/avatar': {
    probes: () => [
      {
        method: 'POST',
        url: '/api/profile/avatar',
        parts: [{ name: 'avatar', filename: 'me.png', type: 'image/png', bytes: png }],
        expect: 'own',
      },
    ],
  },
  'DELETE /api/profile/avatar': { probes: () => [{ method: 'DELETE', url: '/api/profile/avatar', expect: 'own' }] },
  'GET /api/profile/availability': { probes: () => [get('/api/profile/availability')] },
  'PUT /api/profile/availability/:day': {
    probes: () => [
      put('/api/profile/availability/1', { isAvailable: false, startTime: '09:00', endTime: '17:00' }, 'own'),
    ],
  },
};
