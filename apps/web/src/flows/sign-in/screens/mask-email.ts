/**
 * The e-mail as the account list shows it before the account is picked: the first one or two
 * characters of the local part, an ellipsis, and the domain ("jana.novakova@nemocnica.sk" →
 * "ja…@nemocnica.sk"). Someone glancing at a shared screen sees whose account it is not; the
 * person recognises their own (docs/decisions/0112-devices.md, "the account list").
 */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  // Counted in code points, so that a character outside the BMP is never cut in half.
  const local = Array.from(at < 0 ? email : email.slice(0, at));
  const domain = at < 0 ? '' : email.slice(at);
  const kept = local.length > 4 ? 2 : 1;
  return `${local.slice(0, kept).join('')}…${domain}`;
}
