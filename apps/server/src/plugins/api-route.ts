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
  const methods = API_ROUTES.get(endpoint.path) ?? new Set<string>();
  methods.add(endpoint.method);
  API_ROUTES.set(endpoint.path, methods);
  // A call marked BC must never run unchecked: the bot-check plugin comes before every module.
  if (endpoint.botCheck && !app.hasDecorator('botCheck')) throw new Error(`${endpoint.id}: register the bot-check plugin before the routes`);
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
