/**
 * Calls of /api/user (docs/product/api.md#accounts) for accounts; `me` is the session's, OAuth the oauth
 * feature's. Bodies and answers are typed from the API's contract (@mirage/contract).
 */
import type { Body } from '@mirage/contract';
import { call } from '../api/index.ts';

export const login = (body: Body<'logIn'>) => call('logIn', { body });

export const createUser = (body: Body<'createUser'>) => call('createUser', { body });

export const logout = () => call('logOut', {});

/** The two kinds of change the settings page sends: account fields, or a new password with the current one. */
export type UserUpdate = { user: NonNullable<Body<'updateUser'>['user']> };
export type PasswordUpdate = Required<Pick<Body<'updateUser'>, 'pwd' | 'current_pwd'>>;

export const updateUser = (body: UserUpdate | PasswordUpdate) => call('updateUser', { body });

export const sendResetPassword = (email: string) => call('sendPasswordReset', { body: { email } });

export const resetPassword = (token: string, pwd: string) => call('resetPassword', { body: { token, pwd } });

export const verifyEmail = (token: string) => call('verifyEmail', { body: { token } });

export const resendVerificationEmail = () => call('resendVerificationEmail', {});
