import { createBrowserRouter, Navigate, useParams, type RouteObject } from 'react-router';
import { AppShell } from './shell/app-shell';
import { ErrorPage } from './shell/error-page';
import { GuestOnly } from './shell/guest-only';
import { PublicLayout } from './shell/public-layout';
import { RootLayout } from './shell/root-layout';
import { PlaceholderPage, PublicFormPlaceholder } from './pages/placeholder/placeholder-page';
import { PageFallback } from './shell/page-fallback';

// Each screen is its own chunk, loaded when its route is first visited.
const landing = () => import('./pages/public/landing-page').then((m) => ({ Component: m.LandingPage }));
const pricing = () => import('./pages/public/pricing-page').then((m) => ({ Component: m.PricingPage }));
const signIn = () => import('./pages/auth/auth-page').then((m) => ({ Component: m.SignInPage }));
const signUp = () => import('./pages/auth/auth-page').then((m) => ({ Component: m.SignUpPage }));
const dashboard = () => import('./pages/dashboard/dashboard-page').then((m) => ({ Component: m.DashboardPage }));
const contacts = () => import('./pages/contacts/contacts-page').then((m) => ({ Component: m.ContactsPage }));

const toDashboard = <Navigate to="/app/dashboard" replace />;

/** Areas still to be built: path under /app → page heading. */
const placeholders: Array<[path: string, title: string]> = [
  ['deals', 'Deals'],
  ['projects', 'Projects'],
  ['forms', 'Forms'],
  ['chatbot', 'Chatbots'],
  ['tasks', 'Tasks'],
  ['calendar', 'Calendar'],
  ['email', 'Email'],
  ['email/compose', 'New Message'],
  ['email/folder/:folderId', 'Email'],
  ['profile', 'Profile Settings'],
  ['settings', 'Settings'],
  ['settings/pipelines', 'Pipeline Settings'],
  ['settings/ai', 'AI Configuration'],
  ['settings/email', 'Email Settings'],
  ['settings/scheduling', 'Scheduling Settings'],
  ['settings/calendar', 'Calendar Integration'],
];

/** /tasks/:id opens the task in the tasks screen (decisions.md item 10). */
function TaskAlias() {
  const { id = '' } = useParams();
  return <Navigate to={`/app/tasks?task=${encodeURIComponent(id)}`} replace />;
}

const appRoutes: RouteObject[] = [
  { index: true, element: toDashboard },
  { path: 'dashboard', lazy: dashboard },
  { path: 'contacts', lazy: contacts },
  ...placeholders.map(([path, title]) => ({ path, element: <PlaceholderPage key={path} title={title} /> })),
  { path: '*', element: toDashboard },
];

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <ErrorPage />,
    hydrateFallbackElement: <PageFallback />,
    children: [
      {
        element: <PublicLayout />,
        children: [
          { path: '/', lazy: landing },
          { path: '/pricing', lazy: pricing },
          {
            element: <GuestOnly />,
            children: [
              { path: '/signin', lazy: signIn },
              { path: '/signup', lazy: signUp },
            ],
          },
        ],
      },
      { path: '/forms/:id', element: <PublicFormPlaceholder /> },
      { path: '/app', element: <AppShell />, children: appRoutes },
      // Paths some links use without the /app prefix (decisions.md item 10).
      { path: '/dashboard', element: toDashboard },
      { path: '/tasks', element: <Navigate to="/app/tasks" replace /> },
      { path: '/tasks/:id', element: <TaskAlias /> },
      { path: '/settings/ai', element: <Navigate to="/app/settings/ai" replace /> },
      { path: '/settings/email', element: <Navigate to="/app/settings/email" replace /> },
      { path: '/settings/calendar', element: <Navigate to="/app/settings/calendar" replace /> },
      { path: '*', element: toDashboard },
    ],
  },
];

export const router = createBrowserRouter(routes);
