import { SecurityPanel } from '../../../components/account-security/SecurityPanel';

/** /internal/security: the shared Security page (authenticator, recovery codes, sessions, activity). */
export default function SecurityScreen() {
  return <SecurityPanel />;
}
