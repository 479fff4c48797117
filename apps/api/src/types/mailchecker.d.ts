// mailchecker ships types.d.ts without pointing package.json at it; it is CommonJS (default import).
declare module 'mailchecker' {
  const MailChecker: { isValid(email: string): boolean; blacklist(): Set<string> };
  export default MailChecker;
}
