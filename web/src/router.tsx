import { lazy } from 'react';
import { Navigate, Route, Routes, useParams } from 'react-router';
import { PublicLayout } from './shell/public-layout';
import { RootLayout } from './shell/root-layout';
import { SessionLayout } from './shell/session-layout';

// Each screen is its own chunk, loaded when its route is first visited; so is the signed-in shell.
// Declarative routes (not the data router): every page loads the router, and this mode is 17 KB lighter.
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
const InvitationPage = lazy(() =>
  import('./pages/invitations/invitation-page').then((m) => ({ default: m.InvitationPage })),
);
const BookingPage = lazy(() => import('./pages/booking/public/booking-page').then((m) => ({ default: m.BookingPage })));
const ChatPage = lazy(() => import('./pages/chatbots/public/chat-page').then((m) => ({ default: m.ChatPage })));
const PublicFormPage = lazy(() =>
  import('./pages/forms/public/form-page').then((m) => ({ default: m.PublicFormPage })),
);
// The signed-in area, its shell and every screen of it: one chunk of routes, so the public pages' first load does
// not carry the app's.
const AppArea = lazy(() => import('./app-routes'));

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
          <Route path="/app/*" element={<AppArea />} />
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
