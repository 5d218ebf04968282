/**
 * The schemas of statuses and reason codes. The codes themselves are plain tuples in
 * reason-codes.ts (the first view reads them without zod).
 * The provider's own back end speaks these codes: never rename one.
 */
import { z } from 'zod/mini';
import { REASONS } from './reason-codes.ts';

export const STATUSES = ['ok', 'failed'] as const;
export const Status = z.enum(STATUSES);
export type Status = z.infer<typeof Status>;

export const Reason = z.enum(REASONS);
export type Reason = z.infer<typeof Reason>;

/**
 * Reasons are parsed leniently on the client: an unknown code from a newer
 * server must not break the parse, it is handled by the generic fallback.
 */
export const ReasonList = z.array(z.string());

/**
 * Optional detail that narrows a reason: `weak_password` with `common_password` is a password of the
 * common-password list; with `current_password`, a reset's new password is the one the account has now.
 */
export const REASON_DETAILS = ['common_password', 'current_password'] as const;
export const ReasonDetail = z.enum(REASON_DETAILS);
export type ReasonDetail = z.infer<typeof ReasonDetail>;

export function isKnownReason(value: string): value is Reason {
  return (REASONS as readonly string[]).includes(value);
}
