import type { z } from 'zod/mini';
import type { BotCheck, Endpoint } from '@gatehouse/contract';
import { BOT_CHECK_HEADER, StatusAnswer } from '@gatehouse/contract';
import { botCheckToken } from '../bot-check';
import { ApiFailure, parseRetryAfter } from './api-failure';

type InputOf<S extends z.ZodMiniType | undefined> = S extends z.ZodMiniType ? z.input<S> : undefined;

export interface CallInput<B extends z.ZodMiniType | undefined, Q extends z.ZodMiniType | undefined> {
  body?: InputOf<B>;
  query?: InputOf<Q>;
  /**
   * A bot-check token to send instead of asking the bot check for one. Empty or
   * absent: the configured bot check gives it (empty while the check is off).
   */
  botToken?: string;
}

function toSearch(query: unknown): string {
  if (typeof query !== 'object' || query === null) return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
      params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `?${search}` : '';
}

function reasonsOf(json: unknown): readonly string[] {
  const parsed = StatusAnswer.safeParse(json);
  return parsed.success ? (parsed.data.reasons ?? []) : [];
}

async function readJson(response: Response): Promise<{ ok: true; json: unknown } | { ok: false }> {
  try {
    return { ok: true, json: await response.json() };
  } catch {
    return { ok: false };
  }
}

async function botCheckHeader(endpointId: string, check: BotCheck, explicit: string | undefined): Promise<string> {
  if (explicit) return explicit;
  try {
    return await botCheckToken(check.action);
  } catch {
    // The passkey offer sends a token when it has one; the server does not require it.
    if (!check.required) return '';
    throw new ApiFailure('bot_check_unavailable', endpointId);
  }
}

/**
 * The one HTTP client. Sends the call as the contract defines it and returns
 * the answer parsed with the endpoint's schema. Throws ApiFailure when there
 * is no usable answer: no answer at all, a non-2xx status, an answer that
 * does not match the contract, or an answer with the reason app_error.
 */
export async function call<
  B extends z.ZodMiniType | undefined,
  Q extends z.ZodMiniType | undefined,
  A extends z.ZodMiniType,
>(endpoint: Endpoint<B, Q, A>, input: CallInput<B, Q> = {}): Promise<z.output<A>> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  let body: string | undefined;
  if (endpoint.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(endpoint.body.parse(input.body));
  }
  const query = endpoint.query !== undefined ? endpoint.query.parse(input.query ?? {}) : undefined;
  // Only the calls marked BC carry the header; never any other.
  if (endpoint.botCheck)
    headers[BOT_CHECK_HEADER] = await botCheckHeader(endpoint.id, endpoint.botCheck, input.botToken);

  let response: Response;
  try {
    response = await fetch(`${endpoint.path}${toSearch(query)}`, {
      method: endpoint.method,
      headers,
      body,
      credentials: 'same-origin',
      cache: 'no-store',
    });
  } catch {
    throw new ApiFailure('network', endpoint.id);
  }

  const read = await readJson(response);
  if (!response.ok) {
    throw new ApiFailure(
      'http',
      endpoint.id,
      response.status,
      read.ok ? reasonsOf(read.json) : [],
      parseRetryAfter(response.headers.get('Retry-After')),
    );
  }
  if (!read.ok) throw new ApiFailure('unparsable', endpoint.id, response.status);
  const reasons = reasonsOf(read.json);
  if (reasons.includes('app_error')) throw new ApiFailure('app_error', endpoint.id, response.status, reasons);
  const parsed = endpoint.answer.safeParse(read.json);
  if (!parsed.success) throw new ApiFailure('unparsable', endpoint.id, response.status, reasons);
  return parsed.data;
}
