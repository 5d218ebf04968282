import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { OPENAPI_FILE, buildOpenApi } from './openapi.ts';

describe('OpenAPI document', () => {
  const doc = buildOpenApi() as {
    paths: Record<string, Record<string, { requestBody?: unknown; parameters?: { name: string }[] }>>;
  };

  it('documents the login payload and the bot-check header', () => {
    const login = doc.paths['/api/user/login']?.post;
    expect(JSON.stringify(login?.requestBody)).toContain('"username"');
    expect(login?.parameters?.map((p) => p.name)).toContain('X-Recaptcha-Token');
  });

  it('documents the query parameter of DELETE /api/device/userlist', () => {
    expect(doc.paths['/api/device/userlist']?.delete?.parameters?.map((p) => p.name)).toEqual(['userId']);
  });

  it('is committed up to date (run: npm run openapi -w @gatehouse/contract)', () => {
    expect(JSON.parse(readFileSync(OPENAPI_FILE, 'utf8'))).toEqual(JSON.parse(JSON.stringify(doc)));
  });
});
