/**
 * The sign-in's calls, each with the endpoint it sends. They load after the page has hydrated (or on
 * first use), not with the first view: the endpoints bring the contract's schemas and zod
 * (docs/decisions/0117-server-rendered-first-view.md, First-view bytes). Keyed by the endpoint's id.
 */
import type { LoginBody } from '@gatehouse/contract';
import {
  deviceUserRemove,
  deviceUsersForget,
  forgotPassword,
  login,
  newDevice,
  pinAttempts,
  pinSkip,
  pinSubmit,
  userInfo,
} from '@gatehouse/contract';
import { call } from '../../shared/api/call';

export const signInCalls = {
  login: (body: LoginBody) => call(login, { body, botToken: '' }),
  pinAttempts: () => call(pinAttempts),
  pinSubmit: (pin: string) => call(pinSubmit, { body: { pin_code: pin } }),
  pinSkip: () => call(pinSkip),
  newDevice: (deviceName: string) => call(newDevice, { body: { device_name: deviceName } }),
  userInfo: () => call(userInfo),
  deviceUserRemove: (userId: string) => call(deviceUserRemove, { query: { userId } }),
  deviceUsersForget: () => call(deviceUsersForget),
  forgotPassword: (email: string) => call(forgotPassword, { body: { email }, botToken: '' }),
};

export type SignInCalls = typeof signInCalls;
