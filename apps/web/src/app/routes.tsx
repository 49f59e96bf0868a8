import { lazy } from 'react';
import { Navigate, useParams, type RouteObject } from 'react-router';
import { ROUTES } from '@rummage/contract';
import HomePage from '../features/home/HomePage';
import { STAFF_PATH } from '../features/staff/entry';
import { GuestOnly, RequireSession } from './guards';
import {
  loadGarageSalePage,
  loadMarketplacePage,
  loadProductDetailPage,
  loadProfilePage,
} from './landingPages';
import { RootLayout } from './RootLayout';
import { RouteError } from './RouteError';

// The home page is the landing page and is painted from HTML rendered at build time (src/prerender.tsx): it is
// imported directly (it is in the `app` chunk), so the first render replaces that HTML with the same page, not a
// loading spinner.
// Every other page is its own chunk (the ones people land on from links come from ./landingPages).
const MarketplacePage = lazy(loadMarketplacePage);
const LoginPage = lazy(() => import('../features/account/LoginPage'));
const RegisterPage = lazy(() => import('../features/account/RegisterPage'));
const PasswordResetPage = lazy(() => import('../features/account/PasswordResetPage'));
const NewPasswordPage = lazy(() => import('../features/account/NewPasswordPage'));
const VerifyEmailPage = lazy(() => import('../features/account/VerifyEmailPage'));
const ProductDetailPage = lazy(loadProductDetailPage);
const CreateProductPage = lazy(() => import('../features/listings/CreateProductPage'));
const EditProductPage = lazy(() => import('../features/listings/EditProductPage'));
const GarageSalePage = lazy(loadGarageSalePage);
const CreateGaragePage = lazy(() => import('../features/garage/CreateGaragePage'));
const RoutePlannerPage = lazy(() => import('../features/garage-route/RoutePlannerPage'));
const TermsPage = lazy(() => import('../features/terms/TermsPage'));
const AccessibilityPage = lazy(() => import('../features/accessibility/AccessibilityPage'));
const RatingRulesPage = lazy(() => import('../features/reviews/RatingRulesPage'));
const ProfilePage = lazy(loadProfilePage);
const EditProfilePage = lazy(() => import('../features/profile/EditProfilePage'));
const InboxPage = lazy(() => import('../features/chat/InboxPage'));
const ChatPage = lazy(() => import('../features/chat/ChatPage'));
const FollowersPage = lazy(() => import('../features/followers/FollowersPage'));
const SupportPage = lazy(() => import('../features/support/SupportPage'));
const NotificationsPage = lazy(() => import('../features/notifications/NotificationsPage'));
const BlockedPeoplePage = lazy(() => import('../features/blocking/BlockedPeoplePage'));
const SavedSearchesPage = lazy(() => import('../features/saved-searches/SavedSearchesPage'));
const NotificationSettingsPage = lazy(
  () => import('../features/notification-settings/NotificationSettingsPage'),
);
// Staff only; its own chunk, so the public bundle carries nothing of it but the path.
const StaffConsolePage = lazy(() => import('../features/staff/StaffConsolePage'));
const NotFoundPage = lazy(() => import('../features/not-found/NotFoundPage'));

/** /product/{id} is the share link (docs/product.md §2); the page itself lives at /product-detail/{id}. */
function ProductShareRedirect() {
  const { id = '' } = useParams();
  return <Navigate to={ROUTES.productDetail(id)} replace />;
}

/** The docs/product.md §2 route table. */
export const appRoutes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    children: [
      { path: ROUTES.home, element: <HomePage /> },
      { path: ROUTES.marketplace, element: <MarketplacePage /> },
      {
        path: ROUTES.login,
        element: (
          <GuestOnly>
            <LoginPage />
          </GuestOnly>
        ),
      },
      { path: ROUTES.register, element: <RegisterPage /> },
      { path: ROUTES.resetPassword, element: <PasswordResetPage /> },
      { path: ROUTES.newPassword, element: <NewPasswordPage /> },
      // Opened from a mail app, often signed out: not behind RequireSession.
      { path: ROUTES.verifyEmail, element: <VerifyEmailPage /> },
      { path: ROUTES.productDetail(':productId'), element: <ProductDetailPage /> },
      { path: ROUTES.productShare(':id'), element: <ProductShareRedirect /> },
      { path: ROUTES.garageRoute, element: <RoutePlannerPage /> },
      { path: ROUTES.garage(':garageSaleId'), element: <GarageSalePage /> },
      { path: ROUTES.terms, element: <TermsPage /> },
      { path: ROUTES.accessibility, element: <AccessibilityPage /> },
      { path: ROUTES.ratingRules, element: <RatingRulesPage /> },
      { path: ROUTES.otherUser(':userId'), element: <ProfilePage /> },
      {
        element: <RequireSession />,
        children: [
          { path: ROUTES.createProduct, element: <CreateProductPage /> },
          { path: ROUTES.userMain, element: <ProfilePage /> },
          { path: ROUTES.editProduct(':productId'), element: <EditProductPage /> },
          { path: ROUTES.editProfile, element: <EditProfilePage /> },
          { path: ROUTES.createGarage, element: <CreateGaragePage /> },
          { path: ROUTES.messages, element: <InboxPage /> },
          { path: ROUTES.chat(':receiverId', ':productId'), element: <ChatPage /> },
          { path: ROUTES.followers, element: <FollowersPage /> },
          { path: ROUTES.support, element: <SupportPage /> },
          { path: ROUTES.notifications, element: <NotificationsPage /> },
          { path: ROUTES.notificationSettings, element: <NotificationSettingsPage /> },
          { path: ROUTES.blockedPeople, element: <BlockedPeoplePage /> },
          { path: ROUTES.savedSearches, element: <SavedSearchesPage /> },
          { path: STAFF_PATH, element: <StaffConsolePage /> },
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];
