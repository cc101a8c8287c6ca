import { type SiteCode, siteCapabilities } from '@portal/contract';
import { z } from 'zod';

/**
 * The sign-in settings a site may carry in `sites.settings` (jsonb). Every key is optional; a missing or malformed
 * value falls back to the default, so a typo in the database weakens nothing below the default rules (docs/auth.md,
 * "Password policy").
 *
 *   otpRequiredForClients / otpRequiredForProducers: boolean  (default: clients on afs only)
 *   passwordPolicy: { minLength, maxLength, characters: 'alphanumeric' | 'printable', denyCommon, denyLogin }
 *   contactEmail: string (shown where the portal cannot e-mail someone)
 */
export interface PasswordPolicy {
  minLength: number;
  maxLength: number;
  /** alphanumeric: half-width A–Z, a–z, 0–9 (the default rule, docs/product.md). printable: any visible ASCII
   * character.
   */
  characters: 'alphanumeric' | 'printable';
  denyCommon: boolean;
  denyLogin: boolean;
}

export const DEFAULT_PASSWORD_POLICY: PasswordPolicy = {
  minLength: 6,
  maxLength: 10,
  characters: 'alphanumeric',
  denyCommon: true,
  denyLogin: true,
};

const policySchema = z
  .object({
    minLength: z.number().int().min(6).max(64),
    maxLength: z.number().int().min(6).max(128),
    characters: z.enum(['alphanumeric', 'printable']),
    denyCommon: z.boolean(),
    denyLogin: z.boolean(),
  })
  .partial();

export interface SiteAuthSettings {
  siteName: string;
  otpRequired: { client: boolean; producer: boolean; staff: boolean };
  passwordPolicy: PasswordPolicy;
  contactEmail: string | null;
}

const bool = (value: unknown, fallback: boolean) => (typeof value === 'boolean' ? value : fallback);

export function siteAuthSettings(
  code: SiteCode,
  row: { name: string; settings: Record<string, unknown> } | undefined,
): SiteAuthSettings {
  const settings = row?.settings ?? {};
  const parsed = policySchema.safeParse(settings.passwordPolicy ?? {});
  const policy = { ...DEFAULT_PASSWORD_POLICY, ...(parsed.success ? parsed.data : {}) };
  if (policy.maxLength < policy.minLength) policy.maxLength = policy.minLength;
  return {
    siteName: row?.name ?? code.toUpperCase(),
    otpRequired: {
      client: bool(settings.otpRequiredForClients, siteCapabilities(code).defaults.otpRequiredForClients),
      producer: bool(settings.otpRequiredForProducers, false),
      // Staff sign in on the back-office host; their second factor is the back-office system's business.
      staff: false,
    },
    passwordPolicy: policy,
    contactEmail: typeof settings.contactEmail === 'string' ? settings.contactEmail : null,
  };
}
