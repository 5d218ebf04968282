import { createHash, randomInt } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { checkNewPassword } from '@gatehouse/contract';
import { DEFAULT_SQLITE_FILE, loadConfig, REPO_ROOT, type DatabaseTarget } from '../config/config.ts';
import type { AccountService } from '../modules/user/account.service.ts';
import { openAccounts } from './admin-commands.ts';

export const DEMO_EMAIL = 'demo@gatehouse.test';
/** Where the default database (`./data/gatehouse.sqlite`) keeps its demo password: the file earlier versions wrote. */
export const DEMO_CREDENTIALS_FILE = path.join(REPO_ROOT, 'data', 'demo-credentials.txt');

/**
 * Where the demo password of a database is kept for later starts (docs/decisions/0103):
 * beside a SQLite file (`x.sqlite` → `x.sqlite.demo-credentials.txt`), under `data/` for the
 * default one and for a PostgreSQL database (named after a hash of its URL without the password).
 * Each database has its own: a start with another DATABASE_URL never reads another's password.
 */
export function demoCredentialsFile(database: DatabaseTarget): string | null {
  if (database.kind === 'sqlite') {
    if (database.file === ':memory:') return null;
    if (database.file === DEFAULT_SQLITE_FILE) return DEMO_CREDENTIALS_FILE;
    return `${database.file}.demo-credentials.txt`;
  }
  const url = new URL(database.url);
  url.password = '';
  const id = createHash('sha256').update(url.href).digest('hex').slice(0, 16);
  return path.join(REPO_ROOT, 'data', `demo-credentials-postgres-${id}.txt`);
}

const ALPHABETS = ['ABCDEFGHJKLMNPQRSTUVWXYZ', 'abcdefghijkmnopqrstuvwxyz', '23456789'];

/** 16 characters from a CSPRNG with each required class present: passes the new-password rule (checkNewPassword) by construction. */
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

export type SeedResult =
  { created: true; email: string; password: string } | { created: false; email: string; password: string | null };

/**
 * Seeds the demo account on an empty database; never touches a database that has accounts.
 * A later start reports the password kept for this database only if it still signs in (it may
 * have been changed with a reset link, or the file may belong to an older database of that name).
 */
export async function seedDemo(accounts: AccountService, credentialsFile: string | null): Promise<SeedResult | null> {
  if (await accounts.isEmpty()) {
    const password = randomDemoPassword();
    await accounts.create({ email: DEMO_EMAIL, password, firstName: 'Demo', surname: 'Patient', language: 'sk' });
    if (credentialsFile !== null) {
      fs.mkdirSync(path.dirname(credentialsFile), { recursive: true });
      fs.writeFileSync(credentialsFile, `${DEMO_EMAIL}\n${password}\n`, { mode: 0o600 });
    }
    return { created: true, email: DEMO_EMAIL, password };
  }
  const exists = (await accounts.list()).some((a) => a.email === DEMO_EMAIL);
  if (!exists) return null;
  const saved =
    credentialsFile !== null && fs.existsSync(credentialsFile)
      ? fs.readFileSync(credentialsFile, 'utf8').split('\n')[1]
      : undefined;
  const works = saved !== undefined && saved.length > 0 && (await accounts.hasPassword({ email: DEMO_EMAIL }, saved));
  return { created: false, email: DEMO_EMAIL, password: works ? saved : null };
}

export function describeSeed(result: SeedResult | null): string {
  if (!result) return '';
  const lines = [
    result.created ? 'A demo account was created:' : 'Demo account:',
    `  e-mail:   ${result.email}`,
    result.password
      ? `  password: ${result.password}`
      : '  password: not kept for this database (printed when it was created, or changed since); "Forgot password?" mails a new link',
  ];
  return lines.join('\n');
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const config = loadConfig();
  if (config.nodeEnv === 'production') process.exit(0);
  const { accounts, db } = await openAccounts(config);
  try {
    const text = describeSeed(await seedDemo(accounts, demoCredentialsFile(config.database)));
    if (text) console.log(text);
  } finally {
    await db.destroy();
  }
}
