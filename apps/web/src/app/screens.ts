import { lazy } from 'react';

/**
 * Every layout and screen is its own chunk (React.lazy), so the entry holds only the shell. To add a screen:
 * create features/<area>/screens/<Name>Screen.tsx with a default export, add it here, and register its route in
 * AppRoutes.tsx.
 */

export const PublicLayout = lazy(() => import('./layouts/PublicLayout'));
export const ClientLayout = lazy(() => import('./layouts/ClientLayout'));
export const ProducerLayout = lazy(() => import('./layouts/ProducerLayout'));
export const InternalLayout = lazy(() => import('./layouts/InternalLayout'));

export const publicScreens = {
  Activation: lazy(() => import('../features/public/screens/ActivationScreen')),
  Registration: lazy(() => import('../features/public/screens/RegistrationScreen')),
  ForgetPassword: lazy(() => import('../features/public/screens/ForgetPasswordScreen')),
  ForgetPasswordB2b: lazy(() => import('../features/public/screens/ForgetPasswordB2bScreen')),
  ResetPassword: lazy(() => import('../features/public/screens/ResetPasswordScreen')),
  Logout: lazy(() => import('../features/public/screens/LogoutScreen')),
};

export const clientScreens = {
  MyPlan: lazy(() => import('../features/client/screens/MyPlanScreen')),
  PlanDetail: lazy(() => import('../features/client/screens/PlanDetailScreen')),
  MyProfile: lazy(() => import('../features/client/screens/MyProfileScreen')),
  MessageBox: lazy(() => import('../features/client/screens/MessageBoxScreen')),
  ChangePassword: lazy(() => import('../features/client/screens/ChangePasswordScreen')),
};

export const producerScreens = {
  NewBusiness: lazy(() => import('../features/producer/screens/NewBusinessScreen')),
  ServiceRecords: lazy(() => import('../features/producer/screens/ServiceRecordsScreen')),
  Clients: lazy(() => import('../features/producer/screens/ClientsScreen')),
  Reports: lazy(() => import('../features/producer/screens/ReportsScreen')),
  MyProfile: lazy(() => import('../features/producer/screens/MyProfileScreen')),
  ChangePassword: lazy(() => import('../features/producer/screens/ChangePasswordScreen')),
  Commissions: lazy(() => import('../features/producer/screens/CommissionsScreen')),
};

export const internalScreens = {
  RevenueIndex: lazy(() => import('../features/internal/screens/RevenueIndexScreen')),
  RevenueDetail: lazy(() => import('../features/internal/screens/RevenueDetailScreen')),
  RevenueSummary: lazy(() => import('../features/internal/screens/RevenueSummaryScreen')),
  RevenuePayin: lazy(() => import('../features/internal/screens/RevenuePayinScreen')),
  RevenuePayout: lazy(() => import('../features/internal/screens/RevenuePayoutScreen')),
};
