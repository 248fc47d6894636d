import { lazy } from 'react';
import { Navigate, Route, Routes, useParams } from 'react-router';
import { PublicLayout } from './shell/public-layout';
import { RootLayout } from './shell/root-layout';
import { SessionLayout } from './shell/session-layout';

// Each screen is its own chunk, loaded when its route is first visited; so is the signed-in shell.
// Declarative routes (not the data router): every page loads the router, and this mode is 17 KB lighter.
const AppShell = lazy(() => import('./shell/app-shell').then((m) => ({ default: m.AppShell })));
const LandingPage = lazy(() => import('./pages/public/landing-page').then((m) => ({ default: m.LandingPage })));
const PricingPage = lazy(() => import('./pages/public/pricing-page').then((m) => ({ default: m.PricingPage })));
const SignInPage = lazy(() => import('./pages/auth/auth-page').then((m) => ({ default: m.SignInPage })));
const SignUpPage = lazy(() => import('./pages/auth/auth-page').then((m) => ({ default: m.SignUpPage })));
const ForgotPasswordPage = lazy(() =>
  import('./pages/auth/forgot-password-page').then((m) => ({ default: m.ForgotPasswordPage })),
);
const ResetPasswordPage = lazy(() =>
  import('./pages/auth/reset-password-page').then((m) => ({ default: m.ResetPasswordPage })),
);
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
const InvitationPage = lazy(() =>
  import('./pages/invitations/invitation-page').then((m) => ({ default: m.InvitationPage })),
);
const BookingPage = lazy(() => import('./pages/booking/public/booking-page').then((m) => ({ default: m.BookingPage })));
const ChatPage = lazy(() => import('./pages/chatbots/public/chat-page').then((m) => ({ default: m.ChatPage })));
const PublicFormPage = lazy(() =>
  import('./pages/forms/public/form-page').then((m) => ({ default: m.PublicFormPage })),
);

const toDashboard = <Navigate to="/app/dashboard" replace />;

/** /tasks/:id opens the task in the tasks screen (decisions.md item 10). */
function TaskAlias() {
  const { id = '' } = useParams();
  return <Navigate to={`/app/tasks?task=${encodeURIComponent(id)}`} replace />;
}

/** The whole route table. */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<RootLayout />}>
        {/* The public form, booking and chat pages: no layout (they also show inside the widgets' iframes), no session. */}
        <Route path="/forms/:id" element={<PublicFormPage />} />
        <Route path="/book/:userId" element={<BookingPage />} />
        <Route path="/chat/:id" element={<ChatPage />} />
        <Route element={<SessionLayout />}>
          <Route element={<PublicLayout />}>
            <Route path="/" element={<LandingPage />} />
            <Route path="/pricing" element={<PricingPage />} />
            {/* Also for a signed-in user: the link names the account it resets. */}
            <Route path="/reset-password" element={<ResetPasswordPage />} />
            {/* Also for a signed-in user: the invited one joins from here. */}
            <Route path="/invite/:token" element={<InvitationPage />} />
          </Route>
          {/* The same layout, its header kept across the move; a signed-in user is sent to the dashboard. */}
          <Route element={<PublicLayout guestOnly />}>
            <Route path="/signin" element={<SignInPage />} />
            <Route path="/signup" element={<SignUpPage />} />
            <Route path="/forgot-password" element={<ForgotPasswordPage />} />
          </Route>
          <Route path="/app" element={<AppShell />}>
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
          {/* Paths some links use without the /app prefix (decisions.md item 10). */}
          <Route path="/dashboard" element={toDashboard} />
          <Route path="/tasks" element={<Navigate to="/app/tasks" replace />} />
          <Route path="/tasks/:id" element={<TaskAlias />} />
          <Route path="/settings/ai" element={<Navigate to="/app/settings/ai" replace />} />
          <Route path="/settings/email" element={<Navigate to="/app/settings/email" replace />} />
          <Route path="/settings/calendar" element={<Navigate to="/app/settings/calendar" replace />} />
          <Route path="*" element={toDashboard} />
        </Route>
      </Route>
    </Routes>
  );
}
