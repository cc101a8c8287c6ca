import type { PolicyStatusCode } from '@portal/contract';
import { useTranslation } from 'react-i18next';

/**
 * Status label in the UI language from the status code; the server's English text when the catalog has none
 * (CFM has a blank label, and shows blank).
 */
export function usePolicyStatusLabel() {
  const { t, i18n } = useTranslation('domain');
  return (code: PolicyStatusCode, fallback: string) =>
    i18n.exists(`policyStatus.${code}`, { ns: 'domain' }) ? t(`policyStatus.${code}`) : fallback;
}

/** Payment frequency codes (M, Q, H, A, S) as words; any other value as the server sent it. */
export function usePaymentFrequencyLabel() {
  const { t, i18n } = useTranslation('client');
  return (code: string | null) =>
    code && i18n.exists(`paymentFrequency.${code}`, { ns: 'client' }) ? t(`paymentFrequency.${code}`) : code;
}
