import type {
  AccountFlowResponse,
  AccountType,
  activateRequestSchema,
  forgetPasswordB2bRequestSchema,
  forgetPasswordRequestSchema,
  LoginRequest,
  MeResponse,
  ResendOtpResponse,
  registrationRequestSchema,
} from '@portal/contract';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';

/**
 * The sign-in and account calls (spec 2 §7), typed by the contract's schemas. Forms send what the person typed
 * (birth date parts as digit strings); the server parses it with those schemas and checks its answers against them.
 */

export type RegistrationBody = z.input<typeof registrationRequestSchema>;
export type ActivateBody = z.input<typeof activateRequestSchema>;
export type ForgetPasswordBody = z.input<typeof forgetPasswordRequestSchema>;
export type ForgetPasswordB2bBody = z.input<typeof forgetPasswordB2bRequestSchema>;

export const authApi = {
  /** Answers the new session (/me shape): a user, or `otpUserId` while a one-time code is pending. */
  login: (body: LoginRequest) => api.post<MeResponse>('/login', body),
  resendOtp: (body: Partial<LoginRequest>) => api.post<ResendOtpResponse>('/resend_otp', body),
  cancelOtp: () => api.post<MeResponse>('/cancel_otp', {}),
  logout: () => api.delete<MeResponse>('/logout'),
  register: (body: RegistrationBody) => api.post<AccountFlowResponse>('/registration', body),
  activate: (body: ActivateBody & { type?: AccountType }) => api.post<AccountFlowResponse>('/activate', body),
  forgetPassword: (body: ForgetPasswordBody) => api.post<AccountFlowResponse>('/forget_password', body),
  forgetPasswordB2b: (body: ForgetPasswordB2bBody) =>
    api.post<AccountFlowResponse>('/forget_password_b2b', body),
};
