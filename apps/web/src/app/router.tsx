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
const AllPropertiesPage = lazy(() => import('./routes/all-properties.tsx'));
const PropertyDetailsPage = lazy(() => import('./routes/property-details.tsx'));
const ProfilePage = lazy(() => import('./routes/dashboard/profile.tsx'));
const WishlistPage = lazy(() => import('./routes/dashboard/wishlist.tsx'));
const MakeOfferPage = lazy(() => import('./routes/dashboard/make-offer.tsx'));
const PropertyBoughtPage = lazy(() => import('./routes/dashboard/property-bought.tsx'));
const PaymentPage = lazy(() => import('./routes/dashboard/payment.tsx'));
const MyReviewsPage = lazy(() => import('./routes/dashboard/my-reviews.tsx'));
const AddPropertyPage = lazy(() => import('./routes/dashboard/add-property.tsx'));
const UpdatePropertyPage = lazy(() => import('./routes/dashboard/update-property.tsx'));
const AddedPropertiesPage = lazy(() => import('./routes/dashboard/added-properties.tsx'));
const SoldPropertiesPage = lazy(() => import('./routes/dashboard/sold-properties.tsx'));
const RequestedPropertiesPage = lazy(() => import('./routes/dashboard/requested-properties.tsx'));
const ManagePropertiesPage = lazy(() => import('./routes/dashboard/manage-properties.tsx'));
const ManageUsersPage = lazy(() => import('./routes/dashboard/manage-users.tsx'));
const ManageReviewsPage = lazy(() => import('./routes/dashboard/manage-reviews.tsx'));

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
          { path: 'allproperties', element: <AllPropertiesPage /> },
          { path: 'propertyDetails/:id', element: <PropertyDetailsPage /> },
          {
            path: 'dashboard',
            element: <DashboardLayout />,
            children: [
              { path: 'profile', element: <ProfilePage /> },
              {
                element: <RequireRole allow="user" />,
                children: [
                  { path: 'wishlist', element: <WishlistPage /> },
                  { path: 'wishlist/make-offer/:id', element: <MakeOfferPage /> },
                  { path: 'property-bought', element: <PropertyBoughtPage /> },
                  { path: 'property-bought/payment/:id', element: <PaymentPage /> },
                  { path: 'my-reviews', element: <MyReviewsPage /> },
                ],
              },
              {
                element: <RequireRole allow="agent" />,
                children: [
                  { path: 'add-property', element: <AddPropertyPage /> },
                  { path: 'update-property/:id', element: <UpdatePropertyPage /> },
                  { path: 'added-property', element: <AddedPropertiesPage /> },
                  { path: 'sold-properties', element: <SoldPropertiesPage /> },
                  { path: 'requested-properties', element: <RequestedPropertiesPage /> },
                ],
              },
              {
                element: <RequireRole allow="admin" />,
                children: [
                  { path: 'manage-properties', element: <ManagePropertiesPage /> },
                  { path: 'manage-users', element: <ManageUsersPage /> },
                  { path: 'manage-reviews', element: <ManageReviewsPage /> },
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
