import { z } from 'zod/mini';
import { ReasonList } from './reasons.ts';

/** The shape every answer shares: a status and, on failure, reasons. */
export const StatusAnswerShape = {
  status: z.string(),
  reasons: z.optional(ReasonList),
  detail: z.optional(z.string()),
};
export const StatusAnswer = z.object(StatusAnswerShape);
export type StatusAnswer = z.infer<typeof StatusAnswer>;

/** The JSON body of every 4xx/5xx answer (malformed, throttled, busy, …). */
export const ErrorAnswer = z.object({
  status: z.literal('failed'),
  reasons: ReasonList,
});
export type ErrorAnswer = z.infer<typeof ErrorAnswer>;

/** A string of bounded length (the app never sends more). */
export const boundedString = (max: number) => z.string().check(z.maxLength(max));

/** Identifiers are opaque strings. */
export const UserId = z.string().check(z.minLength(1), z.maxLength(64));
