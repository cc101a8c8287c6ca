import { lazyScreen } from './lazy-screen';

/**
 * Every layout and screen is its own chunk (`lazyScreen`: React.lazy that can be loaded ahead), so the entry holds
 * only the shell. To add a screen:
 * create features/<area>/screens/<Name>Screen.tsx with a default export, add it here, and register its route in
 * AppRoutes.tsx.
 */

export const PublicLayout = lazyScreen(() => import('./layouts/PublicLayout'));
export const ClientLayout = lazyScreen(() => import('./layouts/ClientLayout'));
export const ProducerLayout = lazyScreen(() => import('./layouts/ProducerLayout'));
export const InternalLayout = lazyScreen(() => import('./layouts/InternalLayout'));

export const publicScreens = {
  Activation: lazyScreen(() => import('../features/public/screens/ActivationScreen')),
  Registration: lazyScreen(() => import('../features/public/screens/RegistrationScreen')),
  ForgetPassword: lazyScreen(() => import('../features/public/screens/ForgetPasswordScreen')),
  ForgetPasswordB2b: lazyScreen(() => import('../features/public/screens/ForgetPasswordB2bScreen')),
  ResetPassword: lazyScreen(() => import('../features/public/screens/ResetPasswordScreen')),
  Logout: lazyScreen(() => import('../features/public/screens/LogoutScreen')),
};

export const clientScreens = {
  MyPlan: lazyScreen(() => import('../features/client/screens/MyPlanScreen')),
  PlanDetail: lazyScreen(() => import('../features/client/screens/PlanDetailScreen')),
  Performance: lazyScreen(() => import('../features/client/screens/PerformanceScreen')),
  Applications: lazyScreen(() => import('../features/client/screens/ApplicationsScreen')),
  MyProfile: lazyScreen(() => import('../features/client/screens/MyProfileScreen')),
  MessageBox: lazyScreen(() => import('../features/client/screens/MessageBoxScreen')),
  Conversations: lazyScreen(() => import('../features/client/screens/ConversationsScreen')),
  Conversation: lazyScreen(() => import('../features/client/screens/ConversationScreen')),
  ChangePassword: lazyScreen(() => import('../features/client/screens/ChangePasswordScreen')),
  Security: lazyScreen(() => import('../features/client/screens/SecurityScreen')),
  Notifications: lazyScreen(() => import('../features/client/screens/NotificationsScreen')),
};

export const producerScreens = {
  Home: lazyScreen(() => import('../features/producer/screens/HomeScreen')),
  NewBusiness: lazyScreen(() => import('../features/producer/screens/NewBusinessScreen')),
  ServiceRecords: lazyScreen(() => import('../features/producer/screens/ServiceRecordsScreen')),
  Requirements: lazyScreen(() => import('../features/producer/screens/RequirementsScreen')),
  Clients: lazyScreen(() => import('../features/producer/screens/ClientsScreen')),
  Reports: lazyScreen(() => import('../features/producer/screens/ReportsScreen')),
  MyProfile: lazyScreen(() => import('../features/producer/screens/MyProfileScreen')),
  Conversations: lazyScreen(() => import('../features/producer/screens/ConversationsScreen')),
  Conversation: lazyScreen(() => import('../features/producer/screens/ConversationScreen')),
  ChangePassword: lazyScreen(() => import('../features/producer/screens/ChangePasswordScreen')),
  Commissions: lazyScreen(() => import('../features/producer/screens/CommissionsScreen')),
  Security: lazyScreen(() => import('../features/producer/screens/SecurityScreen')),
  Notifications: lazyScreen(() => import('../features/producer/screens/NotificationsScreen')),
};

export const internalScreens = {
  Home: lazyScreen(() => import('../features/internal/screens/InternalHomeScreen')),
  RevenueIndex: lazyScreen(() => import('../features/internal/screens/RevenueIndexScreen')),
  RevenueDetail: lazyScreen(() => import('../features/internal/screens/RevenueDetailScreen')),
  RevenueSummary: lazyScreen(() => import('../features/internal/screens/RevenueSummaryScreen')),
  RevenuePayin: lazyScreen(() => import('../features/internal/screens/RevenuePayinScreen')),
  RevenuePayout: lazyScreen(() => import('../features/internal/screens/RevenuePayoutScreen')),
  Security: lazyScreen(() => import('../features/internal/screens/SecurityScreen')),
  Notifications: lazyScreen(() => import('../features/internal/screens/NotificationsScreen')),
  DeliveryLog: lazyScreen(() => import('../features/internal/screens/DeliveryLogScreen')),
  AccountRecovery: lazyScreen(() => import('../features/internal/screens/AccountRecoveryScreen')),
  CaseRequirements: lazyScreen(() => import('../features/internal/screens/CaseRequirementsScreen')),
  CommissionReconciliation: lazyScreen(
    () => import('../features/internal/screens/CommissionReconciliationScreen'),
  ),
};
