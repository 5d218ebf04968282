import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Endpoint } from '@gatehouse/contract';
import type { z } from 'zod/mini';
import { parseInput } from './validation.ts';
import { BOT_CHECK_FAILED, passesBotCheck } from './bot-check.plugin.ts';

type Parsed<S> = S extends z.ZodMiniType ? z.output<S> : undefined;

export interface ApiContext<E extends Endpoint> {
  body: Parsed<E['body']>;
  query: Parsed<E['query']>;
  request: FastifyRequest;
  reply: FastifyReply;
}

/** Method and path of every registered API call, so that a wrong method answers 405 rather than 404. */
export const API_ROUTES = new Map<string, Set<string>>();

/**
 * Registers one call of the contract: method and path come from the endpoint,
 * body and query are validated with its schemas before the handler runs.
 */
export function apiRoute<E extends Endpoint>(
  app: FastifyInstance,
  endpoint: E,
  handler: (context: ApiContext<E>) => Promise<z.input<E['answer']>>,
): void {
  remember(endpoint);
  // A call marked BC must never run unchecked: the bot-check plugin comes before every module.
  if (endpoint.botCheck && !app.hasDecorator('botCheck'))
    throw new Error(`${endpoint.id}: register the bot-check plugin before the routes`);
  app.route({
    method: endpoint.method,
    url: endpoint.path,
    handler: async (request, reply) => {
      const body = (endpoint.body ? parseInput(endpoint.body, request.body) : undefined) as Parsed<E['body']>;
      const query = (endpoint.query ? parseInput(endpoint.query, request.query) : undefined) as Parsed<E['query']>;
      // After validation (a malformed call is a 4xx either way), before the handler: a refusal changes nothing.
      if (endpoint.botCheck && !(await passesBotCheck(request, endpoint.botCheck))) return BOT_CHECK_FAILED;
      return handler({ body, query, request, reply });
    },
  });
}

function remember(endpoint: Endpoint): void {
  const methods = API_ROUTES.get(endpoint.path) ?? new Set<string>();
  methods.add(endpoint.method);
  API_ROUTES.set(endpoint.path, methods);
}

const JSON_UTF8 = 'application/json; charset=utf-8';

/**
 * Registers a call whose answer depends on the configuration only (server info, version): it is
 * checked against the contract and serialized once, at registration, and every request gets the
 * same bytes (docs/decisions/0164-hot-paths-and-overload.md). Only for a call without body, query
 * or bot check: there is nothing of the request to read.
 */
export function constantApiRoute<E extends Endpoint>(
  app: FastifyInstance,
  endpoint: E,
  answer: z.input<E['answer']>,
): void {
  if (endpoint.body || endpoint.query || endpoint.botCheck)
    throw new Error(`${endpoint.id}: a constant answer cannot read a body, a query or a bot check`);
  const checked = endpoint.answer.safeParse(answer);
  if (!checked.success) throw new Error(`${endpoint.id}: the constant answer does not match the contract`);
  const bytes = Buffer.from(JSON.stringify(answer), 'utf8');
  remember(endpoint);
  app.route({
    method: endpoint.method,
    url: endpoint.path,
    handler: (_request, reply) => reply.type(JSON_UTF8).send(bytes),
  });
}
