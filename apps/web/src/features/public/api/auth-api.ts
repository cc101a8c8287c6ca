import {
  type AccountType,
  accountFlowResponseSchema,
  type activateRequestSchema,
  type forgetPasswordB2bRequestSchema,
  type forgetPasswordRequestSchema,
  type LoginRequest,
  loginResponseSchema,
  meResponseSchema,
  type registrationRequestSchema,
  resendOtpResponseSchema,
} from '@portal/contract';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';

/**
 * The sign-in and account calls (spec 2 §7), typed and checked by the contract's schemas. Forms send what the
 * person typed (birth date parts as digit strings); the server parses with the same schemas.
 */

export type RegistrationBody = z.input<typeof registrationRequestSchema>;
export type ActivateBody = z.input<typeof activateRequestSchema>;
export type ForgetPasswordBody = z.input<typeof forgetPasswordRequestSchema>;
export type ForgetPasswordB2bBody = z.input<typeof forgetPasswordB2bRequestSchema>;

export const authApi = {
  /** Answers the new session (/me shape): a user, or `otpUserId` while a one-time code is pending. */
  login: (body: LoginRequest) => api.post('/login', body, { schema: loginResponseSchema }),
  resendOtp: (body: Partial<LoginRequest>) =>
    api.post('/resend_otp', body, { schema: resendOtpResponseSchema }),
  cancelOtp: () => api.post('/cancel_otp', {}, { schema: loginResponseSchema }),
  logout: () => api.delete('/logout', { schema: meResponseSchema }),
  register: (body: RegistrationBody) =>
    api.post('/registration', body, { schema: accountFlowResponseSchema }),
  activate: (body: ActivateBody & { type?: AccountType }) =>
    api.post('/activate', body, { schema: accountFlowResponseSchema }),
  forgetPassword: (body: ForgetPasswordBody) =>
    api.post('/forget_password', body, { schema: accountFlowResponseSchema }),
  forgetPasswordB2b: (body: ForgetPasswordB2bBody) =>
    api.post('/forget_password_b2b', body, { schema: accountFlowResponseSchema }),
};
