import type { z } from 'zod/mini';
import type { Reason } from './reasons.ts';

export type HttpMethod = 'GET' | 'POST' | 'DELETE';

/** Bot-check action names, one per marked call (reCAPTCHA allows letters, "/" and "_" only). */
export const BOT_CHECK_ACTIONS = [
  'login',
  'forgot_password',
  'reset_password',
  'register',
  'token_info',
  'webauthn_get_post',
  'webauthn_offer',
  'secure_account_info',
  'secure_account',
] as const;
export type BotCheckAction = (typeof BOT_CHECK_ACTIONS)[number];

/** The header that carries the bot-check token (docs/decisions/0140-bot-check.md). */
export const BOT_CHECK_HEADER = 'X-Recaptcha-Token';

export interface BotCheck {
  action: BotCheckAction;
  /** The offer call sends a token when it has one; the server does not require it. */
  required: boolean;
}

/**
 * One call of the provider's API, defined once: method, path, the JSON body or
 * query it takes, the answer it gives and the reasons it may return.
 */
export interface Endpoint<
  Body extends z.ZodMiniType | undefined = z.ZodMiniType | undefined,
  Query extends z.ZodMiniType | undefined = z.ZodMiniType | undefined,
  Answer extends z.ZodMiniType = z.ZodMiniType,
  Reasons extends readonly Reason[] = readonly Reason[],
> {
  /** Stable name, used in logs, tests and the OpenAPI operationId. */
  readonly id: string;
  readonly method: HttpMethod;
  readonly path: `/api/${string}`;
  readonly summary: string;
  readonly body: Body;
  readonly query: Query;
  readonly answer: Answer;
  /**
   * Every reason code this call may answer with (business failures, HTTP 200), kept as a literal
   * tuple: `ReasonOf<typeof login>` is the union a table of outcomes must cover.
   */
  readonly reasons: Reasons;
  readonly botCheck?: BotCheck;
  /** True for calls this project adds to the provider's API (sign-out, …; docs/decisions/0003-additions-to-the-contract.md). */
  readonly addition?: boolean;
}

export function defineEndpoint<
  Body extends z.ZodMiniType | undefined,
  Query extends z.ZodMiniType | undefined,
  Answer extends z.ZodMiniType,
  const Reasons extends readonly Reason[],
>(endpoint: Endpoint<Body, Query, Answer, Reasons>): Endpoint<Body, Query, Answer, Reasons> {
  return endpoint;
}

/** The reasons a call may answer with, as a union of literals. */
export type ReasonOf<E> = E extends { readonly reasons: readonly (infer R)[] } ? R : never;

export type BodyOf<E> =
  E extends Endpoint<infer B, z.ZodMiniType | undefined, z.ZodMiniType>
    ? B extends z.ZodMiniType
      ? z.input<B>
      : undefined
    : never;
export type QueryOf<E> =
  E extends Endpoint<z.ZodMiniType | undefined, infer Q, z.ZodMiniType>
    ? Q extends z.ZodMiniType
      ? z.input<Q>
      : undefined
    : never;
export type AnswerOf<E> =
  E extends Endpoint<z.ZodMiniType | undefined, z.ZodMiniType | undefined, infer A> ? z.output<A> : never;
