import { lazy } from 'react';
import { Navigate, Route, Routes, useParams } from 'react-router';
import { GuestOnly } from './shell/guest-only';
import { PublicLayout } from './shell/public-layout';
import { RootLayout } from './shell/root-layout';

// Each screen is its own chunk, loaded when its route is first visited; so is the signed-in shell.
// Declarative routes (not the data router): every page loads the router, and this mode is 17 KB lighter.
const AppShell = lazy(() => import('./shell/app-shell').then((m) => ({ default: m.AppShell })));
const LandingPage = lazy(() => import('./pages/public/landing-page').then((m) => ({ default: m.LandingPage })));
const PricingPage = lazy(() => import('./pages/public/pricing-page').then((m) => ({ default: m.PricingPage })));
const SignInPage = lazy(() => import('./pages/auth/auth-page').then((m) => ({ default: m.SignInPage })));
const SignUpPage = lazy(() => import('./pages/auth/auth-page').then((m) => ({ default: m.SignUpPage })));
const DashboardPage = lazy(() =>
  import('./pages/dashboard/dashboard-page').then((m) => ({ default: m.DashboardPage })),
);
const ContactsPage = lazy(() => import('./pages/contacts/contacts-page').then((m) => ({ default: m.ContactsPage })));
const DealsPage = lazy(() => import('./pages/deals/deals-page').then((m) => ({ default: m.DealsPage })));
const ProjectsPage = lazy(() => import('./pages/projects/projects-page').then((m) => ({ default: m.ProjectsPage })));
const PipelinesPage = lazy(() =>
  import('./pages/pipelines/pipelines-page').then((m) => ({ default: m.PipelinesPage })),
);
const CalendarPage = lazy(() => import('./pages/calendar/calendar-page').then((m) => ({ default: m.CalendarPage })));
const CalendarIntegrationPage = lazy(() =>
  import('./pages/calendar/calendar-integration-page').then((m) => ({ default: m.CalendarIntegrationPage })),
);
const TasksPage = lazy(() => import('./pages/tasks/tasks-page').then((m) => ({ default: m.TasksPage })));
const PlaceholderPage = lazy(() =>
  import('./pages/placeholder/placeholder-page').then((m) => ({ default: m.PlaceholderPage })),
);
const PublicFormPage = lazy(() =>
  import('./pages/placeholder/placeholder-page').then((m) => ({ default: m.PublicFormPlaceholder })),
);

const toDashboard = <Navigate to="/app/dashboard" replace />;

/** Areas still to be built: path under /app → page heading. */
const placeholders: Array<[path: string, title: string]> = [
  ['forms', 'Forms'],
  ['chatbot', 'Chatbots'],
  ['email', 'Email'],
  ['email/compose', 'New Message'],
  ['email/folder/:folderId', 'Email'],
  ['profile', 'Profile Settings'],
  ['settings', 'Settings'],
  ['settings/ai', 'AI Configuration'],
  ['settings/email', 'Email Settings'],
  ['settings/scheduling', 'Scheduling Settings'],
];

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
        <Route element={<PublicLayout />}>
          <Route path="/" element={<LandingPage />} />
          <Route path="/pricing" element={<PricingPage />} />
          <Route element={<GuestOnly />}>
            <Route path="/signin" element={<SignInPage />} />
            <Route path="/signup" element={<SignUpPage />} />
          </Route>
        </Route>
        <Route path="/forms/:id" element={<PublicFormPage />} />
        <Route path="/app" element={<AppShell />}>
          <Route index element={toDashboard} />
          <Route path="dashboard" element={<DashboardPage />} />
          <Route path="contacts" element={<ContactsPage />} />
          <Route path="deals" element={<DealsPage />} />
          <Route path="projects" element={<ProjectsPage />} />
          <Route path="settings/pipelines" element={<PipelinesPage />} />
          <Route path="tasks" element={<TasksPage />} />
          <Route path="calendar" element={<CalendarPage />} />
          <Route path="settings/calendar" element={<CalendarIntegrationPage />} />
          {placeholders.map(([path, title]) => (
            <Route key={path} path={path} element={<PlaceholderPage key={path} title={title} />} />
          ))}
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
    </Routes>
  );
}
