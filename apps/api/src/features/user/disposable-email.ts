import MailChecker from 'mailchecker';

/**
 * `temp_mail_detected`: the address uses a disposable-mail domain. The list comes from the maintained
 * `mailchecker` package (tens of thousands of domains, updated with each release); subdomains of a
 * listed domain count too.
 */
export function isDisposableEmail(email: string): boolean {
  const domain = email.slice(email.lastIndexOf('@') + 1).toLowerCase();
  const listed = MailChecker.blacklist();
  const parts = domain.split('.');
  for (let i = 0; i < parts.length - 1; i++) {
    if (listed.has(parts.slice(i).join('.'))) return true;
  }
  return false;
}
