/**
 * Which form field an API error code belongs to (brief: *_username under the username, *_email under the
 * email, *_pwd under the password, anything else in a form-level alert).
 */
import { emailSchema, passwordSchema, usernameSchema } from '@mirage/domain';

export type AccountField = 'username' | 'email' | 'password';
export type FormErrors = Partial<Record<AccountField | 'form', string>>;

const EMAIL_CODES = new Set(['subscription_error', 'temp_mail_detected']);

export function fieldForCode(code: string): AccountField | null {
  if (code.endsWith('_username')) return 'username';
  if (code.endsWith('_email') || EMAIL_CODES.has(code)) return 'email';
  if (code.endsWith('_pwd')) return 'password';
  return null;
}

export function errorsFromCode(code: string): FormErrors {
  const field = fieldForCode(code);
  return field ? { [field]: code } : { form: code };
}

/** First issue's message of a domain schema is the spec's error code. */
function check(
  schema: { safeParse: (value: unknown) => { success: boolean; error?: { issues: { message: string }[] } } },
  value: string,
) {
  const result = schema.safeParse(value);
  return result.success ? undefined : (result.error?.issues[0]?.message ?? 'validation_error');
}

/** Client-side checks with the same rules and codes as the server (packages/domain). */
export function validateSignup(values: { username: string; email: string; pwd: string }): FormErrors {
  const errors: FormErrors = {
    username: check(usernameSchema, values.username),
    email: check(emailSchema, values.email),
    password: check(passwordSchema, values.pwd),
  };
  return Object.fromEntries(Object.entries(errors).filter(([, code]) => code !== undefined));
}

export function validateSignin(values: { username: string; pwd: string }): FormErrors {
  const errors: FormErrors = {};
  if (values.username.trim() === '') errors.username = 'required_username';
  if (values.pwd === '') errors.password = 'required_pwd';
  return errors;
}

export function validateEmail(email: string): string | undefined {
  return check(emailSchema, email);
}

export function validatePassword(pwd: string): string | undefined {
  return check(passwordSchema, pwd);
}

export const hasErrors = (errors: FormErrors) => Object.keys(errors).length > 0;
