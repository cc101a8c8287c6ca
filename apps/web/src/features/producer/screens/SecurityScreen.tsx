import { SecurityPanel } from '../../../components/account-security/SecurityPanel';

/** /b2b/security: the shared Security page (authenticator, recovery codes, sessions, activity). */
export default function SecurityScreen() {
  return <SecurityPanel />;
}
