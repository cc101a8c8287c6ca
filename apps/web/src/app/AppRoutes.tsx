import { LANGUAGES, siteCapabilities } from '@portal/contract';
import { Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { LoadingState } from '../components/LoadingState';
import { NotFoundPage } from '../components/NotFoundPage';
import { useMe, useSiteInfo } from '../lib/session';
import {
  AreaGuard,
  InternalGuard,
  InternalRootRedirect,
  LocaleScope,
  RedirectIfSignedIn,
  useStaffPermission,
} from './guards';
import { LoginPageLoad } from './LoginPageLoad';
import {
  ClientLayout,
  clientScreens as client,
  InternalLayout,
  internalScreens as internal,
  ProducerLayout,
  PublicLayout,
  producerScreens as producer,
  publicScreens as pub,
} from './screens';

/**
 * The route table (docs/product.md, "Screens"). It is declared once and mounted under '/' and under each locale
 * segment ('/en', '/zh', '/ja', '/kr'), so relative links keep the prefix. Routes that depend on the session or
 * the site (Commissions, Service Records) are registered only when allowed: otherwise the path falls through to
 * the area's "*" route and shows Page Not Found. Internal screens are registered by the staff member's menu
 * permissions in the same way.
 */
export function AppRoutes() {
  const me = useMe();
  const site = useSiteInfo();
  const producerUser = me.currentProducer;
  const staffMayUseRevenues = useStaffPermission('revenues');
  const staffMayReadDeliveryLog = useStaffPermission('deliveryLog');
  const staffMayRecoverAccounts = useStaffPermission('accountRecovery');
  const staffMayReconcile = useStaffPermission('commissionReconciliation');
  const staffMayReviewCases = useStaffPermission('caseRequirements');

  const routes = (
    <>
      <Route element={<PublicLayout />}>
        <Route
          index
          element={
            <RedirectIfSignedIn>
              <LoginPageLoad />
            </RedirectIfSignedIn>
          }
        />
        <Route
          path="login"
          element={
            <RedirectIfSignedIn>
              <LoginPageLoad />
            </RedirectIfSignedIn>
          }
        />
        <Route path="activation" element={<pub.Activation />} />
        <Route path="registration" element={<pub.Registration />} />
        <Route path="forget_password" element={<pub.ForgetPassword />} />
        <Route path="forget_password_b2b" element={<pub.ForgetPasswordB2b />} />
        <Route path="reset_password" element={<pub.ResetPassword />} />
        <Route path="logout" element={<pub.Logout />} />
        <Route path="*" element={<NotFoundPage />} />
      </Route>

      <Route
        path="b2c"
        element={
          <AreaGuard area="b2c">
            <ClientLayout />
          </AreaGuard>
        }
      >
        <Route index element={<client.MyPlan />} />
        <Route path="plan_detail/:id" element={<client.PlanDetail />} />
        <Route path="performance" element={<client.Performance />} />
        <Route path="applications" element={<client.Applications />} />
        <Route path="my_profile" element={<client.MyProfile />} />
        <Route path="message" element={<client.MessageBox />} />
        <Route path="conversations" element={<client.Conversations />} />
        <Route path="conversations/:id" element={<client.Conversation />} />
        <Route path="change_password" element={<client.ChangePassword />} />
        <Route path="security" element={<client.Security />} />
        <Route path="notifications" element={<client.Notifications />} />
        <Route path="*" element={<NotFoundPage />} />
      </Route>

      <Route
        path="b2b"
        element={
          <AreaGuard area="b2b">
            <ProducerLayout />
          </AreaGuard>
        }
      >
        <Route index element={<producer.NewBusiness />} />
        <Route path="home" element={<producer.Home />} />
        <Route path="clients" element={<producer.Clients />} />
        <Route path="requirements" element={<producer.Requirements />} />
        {siteCapabilities(site.siteCode).has('serviceRecords') && (
          <Route path="service_records" element={<producer.ServiceRecords />} />
        )}
        <Route path="reports" element={<producer.Reports />} />
        <Route path="my_profile" element={<producer.MyProfile />} />
        <Route path="conversations" element={<producer.Conversations />} />
        <Route path="conversations/:id" element={<producer.Conversation />} />
        <Route path="change_password" element={<producer.ChangePassword />} />
        <Route path="security" element={<producer.Security />} />
        <Route path="notifications" element={<producer.Notifications />} />
        {producerUser?.hasCommissionPermission && (
          <Route path="commissions" element={<producer.Commissions />} />
        )}
        <Route path="*" element={<NotFoundPage />} />
      </Route>

      <Route
        path="internal"
        element={
          <InternalGuard>
            <InternalLayout />
          </InternalGuard>
        }
      >
        <Route index element={<InternalRootRedirect home={<internal.Home />} />} />
        <Route path="security" element={<internal.Security />} />
        <Route path="notifications" element={<internal.Notifications />} />
        {staffMayReadDeliveryLog && <Route path="delivery_log" element={<internal.DeliveryLog />} />}
        {staffMayRecoverAccounts && <Route path="account_recovery" element={<internal.AccountRecovery />} />}
        {staffMayUseRevenues && (
          <>
            <Route path="revenues" element={<internal.RevenueIndex />} />
            <Route path="revenues/:id" element={<internal.RevenueDetail />}>
              <Route index element={<Navigate to="summary" replace />} />
              <Route path="summary" element={<internal.RevenueSummary />} />
              <Route path="payin" element={<internal.RevenuePayin />} />
              <Route path="payout" element={<internal.RevenuePayout />} />
              <Route path="*" element={<NotFoundPage />} />
            </Route>
          </>
        )}
        {staffMayReconcile && (
          <Route path="commission-reconciliation" element={<internal.CommissionReconciliation />} />
        )}
        {staffMayReviewCases && <Route path="case_requirements" element={<internal.CaseRequirements />} />}
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </>
  );

  return (
    // Covers the first load of a layout chunk; each layout has its own boundary for its screens.
    <Suspense fallback={<LoadingState fullPage />}>
      <Routes>
        <Route path="/" element={<LocaleScope />}>
          {routes}
        </Route>
        {LANGUAGES.map((language) => (
          <Route key={language} path={`/${language}`} element={<LocaleScope />}>
            {routes}
          </Route>
        ))}
      </Routes>
    </Suspense>
  );
}
