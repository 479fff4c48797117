/** The user's account: updates and logging out (the sign-in and sign-up forms are routed by pages/). */
export { updateUser, type PasswordUpdate, type UserUpdate } from './api.ts';
export { useLogout } from './useLogout.ts';
export { VerifyEmailNotice } from './VerifyEmailNotice.tsx';
