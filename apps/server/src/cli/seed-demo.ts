import { randomInt } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { checkNewPassword } from '@gatehouse/contract';
import { loadConfig, REPO_ROOT } from '../config/config.ts';
import type { AccountService } from '../modules/user/account.service.ts';
import { openAccounts } from './admin-commands.ts';

export const DEMO_EMAIL = 'demo@gatehouse.test';
/** Kept for later starts (docs/decisions/0103-demo-account.md); readable by the owner only. */
export const DEMO_CREDENTIALS_FILE = path.join(REPO_ROOT, 'data', 'demo-credentials.txt');

const ALPHABETS = ['ABCDEFGHJKLMNPQRSTUVWXYZ', 'abcdefghijkmnopqrstuvwxyz', '23456789'];

/** 16 characters from a CSPRNG with each required class present: passes the spec's rule by construction. */
export function randomDemoPassword(): string {
  const all = ALPHABETS.join('');
  const chars = ALPHABETS.map((a) => a[randomInt(a.length)] ?? 'A');
  while (chars.length < 16) chars.push(all[randomInt(all.length)] ?? 'a');
  for (let i = chars.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [chars[i], chars[j]] = [chars[j] ?? '', chars[i] ?? ''];
  }
  const password = chars.join('');
  if (checkNewPassword(password) !== null) throw new Error('generated demo password does not pass the rule');
  return password;
}

export type SeedResult = { created: true; email: string; password: string } | { created: false; email: string; password: string | null };

/** Seeds the demo account on an empty database; never touches a database that has accounts. */
export async function seedDemo(accounts: AccountService, credentialsFile = DEMO_CREDENTIALS_FILE): Promise<SeedResult | null> {
  if (await accounts.isEmpty()) {
    const password = randomDemoPassword();
    await accounts.create({ email: DEMO_EMAIL, password, firstName: 'Demo', surname: 'Patient', language: 'sk' });
    fs.mkdirSync(path.dirname(credentialsFile), { recursive: true });
    fs.writeFileSync(credentialsFile, `${DEMO_EMAIL}\n${password}\n`, { mode: 0o600 });
    return { created: true, email: DEMO_EMAIL, password };
  }
  const exists = (await accounts.list()).some((a) => a.email === DEMO_EMAIL);
  if (!exists) return null;
  const saved = fs.existsSync(credentialsFile) ? fs.readFileSync(credentialsFile, 'utf8').split('\n')[1] : undefined;
  return { created: false, email: DEMO_EMAIL, password: saved && saved.length > 0 ? saved : null };
}

export function describeSeed(result: SeedResult | null): string {
  if (!result) return '';
  const lines = [
    result.created ? 'A demo account was created:' : 'Demo account:',
    `  e-mail:   ${result.email}`,
    result.password ? `  password: ${result.password}` : '  password: printed when it was created (data/demo-credentials.txt is gone)',
  ];
  return lines.join('\n');
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const config = loadConfig();
  if (config.nodeEnv === 'production') process.exit(0);
  const { accounts, db } = await openAccounts(config);
  try {
    const text = describeSeed(await seedDemo(accounts));
    if (text) console.log(text);
  } finally {
    await db.destroy();
  }
}
