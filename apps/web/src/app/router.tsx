import { lazy } from 'react';
import { createBrowserRouter } from 'react-router';
import { DashboardLayout } from '../components/layout/dashboard-layout.tsx';
import { RootLayout } from '../components/layout/root-layout.tsx';
import { RequireRole, RequireSignIn, VisitorsOnly } from './guards.tsx';
import HomePage from './routes/home.tsx';

// Every page but the home page is its own chunk: the first load carries only what it shows.
const AboutPage = lazy(() => import('./routes/about.tsx'));
const LoginPage = lazy(() => import('./routes/login.tsx'));
const SignUpPage = lazy(() => import('./routes/signup.tsx'));
const NotFoundPage = lazy(() => import('./routes/not-found.tsx'));
const ProfilePage = lazy(() => import('./routes/dashboard/profile.tsx'));

export const router = createBrowserRouter([
  {
    element: <RootLayout />,
    children: [
      { index: true, element: <HomePage /> },
      { path: 'about-us', element: <AboutPage /> },
      {
        element: <VisitorsOnly />,
        children: [
          { path: 'login', element: <LoginPage /> },
          { path: 'signup', element: <SignUpPage /> },
        ],
      },
      {
        element: <RequireSignIn />,
        children: [
          // SIGNED_IN_ROUTES
          {
            path: 'dashboard',
            element: <DashboardLayout />,
            children: [
              { path: 'profile', element: <ProfilePage /> },
              {
                element: <RequireRole allow="user" />,
                children: [
                  /* USER_ROUTES */
                ],
              },
              {
                element: <RequireRole allow="agent" />,
                children: [
                  /* AGENT_ROUTES */
                ],
              },
              {
                element: <RequireRole allow="admin" />,
                children: [
                  /* ADMIN_ROUTES */
                ],
              },
            ],
          },
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
]);
