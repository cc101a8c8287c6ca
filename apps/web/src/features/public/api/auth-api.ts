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
import { API_ROUTES } from '@portal/contract';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';

/**
 * The sign-in and account calls (docs/auth.md), typed by the contract's schemas. Forms send what the person typed
 * (birth date parts as digit strings); the server parses it with those schemas and checks its answers against them.
 */

export type RegistrationBody = z.input<typeof registrationRequestSchema>;
export type ActivateBody = z.input<typeof activateRequestSchema>;
export type ForgetPasswordBody = z.input<typeof forgetPasswordRequestSchema>;
export type ForgetPasswordB2bBody = z.input<typeof forgetPasswordB2bRequestSchema>;

const auth = API_ROUTES.auth;

export const authApi = {
  /** Answers the new session (/me shape): a user, or `otpUserId` while a one-time code is pending. */
  login: (body: LoginRequest) => api.post<MeResponse>(auth.login.path, body),
  resendOtp: (body: Partial<LoginRequest>) => api.post<ResendOtpResponse>(auth.resendOtp.path, body),
  cancelOtp: () => api.post<MeResponse>(auth.cancelOtp.path, {}),
  logout: () => api.delete<MeResponse>(API_ROUTES.session.logout.path),
  register: (body: RegistrationBody) => api.post<AccountFlowResponse>(auth.registration.path, body),
  activate: (body: ActivateBody & { type?: AccountType }) =>
    api.post<AccountFlowResponse>(auth.activate.path, body),
  forgetPassword: (body: ForgetPasswordBody) => api.post<AccountFlowResponse>(auth.forgetPassword.path, body),
  forgetPasswordB2b: (body: ForgetPasswordB2bBody) =>
    api.post<AccountFlowResponse>(auth.forgetPasswordB2b.path, body),
};
