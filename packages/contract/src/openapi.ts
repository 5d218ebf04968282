/**
 * Builds the OpenAPI 3.1 document of every call from the contract, so that
 * back-end teams read the same definitions the app and server use.
 * `npm run openapi -w @gatehouse/contract` writes packages/contract/openapi.json.
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { z } from 'zod/mini';
import { BOT_CHECK_HEADER } from './endpoint.ts';
import { ENDPOINTS } from './endpoints/index.ts';
import { ErrorAnswer } from './common.ts';

type JsonSchema = Record<string, unknown>;

const toSchema = (schema: z.ZodMiniType, io: 'input' | 'output'): JsonSchema => {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonSchema;
  return rest;
};

function queryParameters(schema: z.ZodMiniType | undefined): JsonSchema[] {
  if (!schema) return [];
  const json = toSchema(schema, 'input') as { properties?: Record<string, JsonSchema>; required?: string[] };
  return Object.entries(json.properties ?? {}).map(([name, property]) => ({
    name,
    in: 'query',
    required: (json.required ?? []).includes(name),
    schema: property,
  }));
}

export function buildOpenApi(): JsonSchema {
  const paths: Record<string, Record<string, JsonSchema>> = {};
  for (const endpoint of ENDPOINTS) {
    const parameters = queryParameters(endpoint.query);
    if (endpoint.botCheck) {
      parameters.push({
        name: BOT_CHECK_HEADER,
        in: 'header',
        required: endpoint.botCheck.required,
        description: `Bot-check token for the action "${endpoint.botCheck.action}" (empty when the check is off).`,
        schema: { type: 'string' },
      });
    }
    const operation: JsonSchema = {
      operationId: endpoint.id,
      summary: endpoint.summary,
      ...(endpoint.addition ? { 'x-addition': true } : {}),
      ...(parameters.length > 0 ? { parameters } : {}),
      ...(endpoint.body
        ? {
            requestBody: {
              required: true,
              content: { 'application/json': { schema: toSchema(endpoint.body, 'input') } },
            },
          }
        : {}),
      responses: {
        '200': {
          description: `Answer; business failures are status "failed" with reasons: ${endpoint.reasons.join(', ') || 'none'}.`,
          content: { 'application/json': { schema: toSchema(endpoint.answer, 'output') } },
        },
        '4XX': {
          description: 'Malformed request (400/413/415), refused origin (403), throttled (429 with Retry-After).',
          content: { 'application/json': { schema: toSchema(ErrorAnswer, 'output') } },
        },
      },
    };
    paths[endpoint.path] = { ...paths[endpoint.path], [endpoint.method.toLowerCase()]: operation };
  }
  return {
    openapi: '3.1.0',
    info: { title: 'Gatehouse sign-in API', version: '0.1.0' },
    paths,
  };
}

export const OPENAPI_FILE = fileURLToPath(new URL('../openapi.json', import.meta.url));

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  writeFileSync(OPENAPI_FILE, `${JSON.stringify(buildOpenApi(), null, 2)}\n`);
  console.log(`wrote ${OPENAPI_FILE}`);
}
