import { lazy } from 'react';
import { Navigate, Route, Routes } from 'react-router';

// The routes under /app (the route table's signed-in half, router.tsx has the rest), loaded with the signed-in
// area: each screen is still its own chunk, loaded when its route is first visited.

const AppShell = lazy(() => import('./shell/app-shell').then((m) => ({ default: m.AppShell })));
const DashboardPage = lazy(() =>
  import('./pages/dashboard/dashboard-page').then((m) => ({ default: m.DashboardPage })),
);
const ContactsPage = lazy(() => import('./pages/contacts/contacts-page').then((m) => ({ default: m.ContactsPage })));
const ContactDetailPage = lazy(() =>
  import('./pages/contacts/contact-detail-page').then((m) => ({ default: m.ContactDetailPage })),
);
const DealsPage = lazy(() => import('./pages/deals/deals-page').then((m) => ({ default: m.DealsPage })));
const ProjectsPage = lazy(() => import('./pages/projects/projects-page').then((m) => ({ default: m.ProjectsPage })));
const PipelinesPage = lazy(() =>
  import('./pages/pipelines/pipelines-page').then((m) => ({ default: m.PipelinesPage })),
);
const CalendarPage = lazy(() => import('./pages/calendar/calendar-page').then((m) => ({ default: m.CalendarPage })));
const ProfilePage = lazy(() => import('./pages/profile/profile-page').then((m) => ({ default: m.ProfilePage })));
const CalendarIntegrationPage = lazy(() =>
  import('./pages/calendar/calendar-integration-page').then((m) => ({ default: m.CalendarIntegrationPage })),
);
const TasksPage = lazy(() => import('./pages/tasks/tasks-page').then((m) => ({ default: m.TasksPage })));
const EmailSettingsPage = lazy(() =>
  import('./pages/email-accounts/email-settings-page').then((m) => ({ default: m.EmailSettingsPage })),
);
const SettingsPage = lazy(() => import('./pages/settings/settings-page').then((m) => ({ default: m.SettingsPage })));
const SchedulingSettingsPage = lazy(() =>
  import('./pages/booking/scheduling-settings-page').then((m) => ({ default: m.SchedulingSettingsPage })),
);
const AiConfigPage = lazy(() => import('./pages/ai-config/ai-config-page').then((m) => ({ default: m.AiConfigPage })));
const EmailPage = lazy(() => import('./pages/email/email-page').then((m) => ({ default: m.EmailPage })));
const ComposePage = lazy(() => import('./pages/email/compose-page').then((m) => ({ default: m.ComposePage })));
const ChatbotsPage = lazy(() => import('./pages/chatbots/chatbots-page').then((m) => ({ default: m.ChatbotsPage })));
const ChatbotPage = lazy(() => import('./pages/chatbots/chatbot-page').then((m) => ({ default: m.ChatbotPage })));
const FormsPage = lazy(() => import('./pages/forms/forms-page').then((m) => ({ default: m.FormsPage })));
const SubmissionsPage = lazy(() =>
  import('./pages/forms/submissions-page').then((m) => ({ default: m.SubmissionsPage })),
);
const NotificationSettingsPage = lazy(() =>
  import('./pages/notifications/notification-settings-page').then((m) => ({ default: m.NotificationSettingsPage })),
);
// A default export: its lazy import is the shortest, and every byte here is on the public pages' first load.
const ApiKeysPage = lazy(() => import('./pages/api-keys/api-keys-page'));
const WebhooksScreen = lazy(() => import('./pages/webhooks/webhooks-screen'));
const TeamPage = lazy(() => import('./pages/team/team-page').then((m) => ({ default: m.TeamPage })));

const toDashboard = <Navigate to="/app/dashboard" replace />;

/** The signed-in area's routes, below /app. */
export default function AppRoutes() {
  return (
    <Routes>
      <Route element={<AppShell />}>
        <Route index element={toDashboard} />
        <Route path="dashboard" element={<DashboardPage />} />
        <Route path="contacts" element={<ContactsPage />} />
        <Route path="contacts/:id" element={<ContactDetailPage />} />
        <Route path="deals" element={<DealsPage />} />
        <Route path="projects" element={<ProjectsPage />} />
        <Route path="settings/pipelines" element={<PipelinesPage />} />
        <Route path="tasks" element={<TasksPage />} />
        <Route path="calendar" element={<CalendarPage />} />
        <Route path="settings/calendar" element={<CalendarIntegrationPage />} />
        <Route path="profile" element={<ProfilePage />} />
        <Route path="settings/email" element={<EmailSettingsPage />} />
        <Route path="settings" element={<SettingsPage />} />
        <Route path="settings/scheduling" element={<SchedulingSettingsPage />} />
        <Route path="settings/ai" element={<AiConfigPage />} />
        <Route path="settings/notifications" element={<NotificationSettingsPage />} />
        <Route path="settings/team" element={<TeamPage />} />
        <Route path="settings/api-keys" element={<ApiKeysPage />} />
        <Route path="settings/webhooks" element={<WebhooksScreen />} />
        <Route path="settings/webhooks/:id" element={<WebhooksScreen />} />
        <Route path="chatbot" element={<ChatbotsPage />} />
        {/* One bot, its tab in the rest of the address: one route, so a tab change keeps the page (and focus). */}
        <Route path="chatbot/:id/*" element={<ChatbotPage />} />
        <Route path="forms" element={<FormsPage />} />
        <Route path="forms/:id/submissions" element={<SubmissionsPage />} />
        <Route path="email" element={<EmailPage />} />
        <Route path="email/folder/:folderId" element={<EmailPage />} />
        <Route path="email/compose" element={<ComposePage />} />
        <Route path="*" element={toDashboard} />
      </Route>
    </Routes>
  );
}
