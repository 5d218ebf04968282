import { pathToFileURL } from 'node:url';
import { Command, CommanderError } from 'commander';
import { ConfigError } from '../config/config.ts';
import { AccountError } from '../modules/user/account.service.ts';
import { formatAccountTable, openAccounts } from './admin-commands.ts';

/**
 * The operator's tool (accounts are created by the provider, never by the sign-in app).
 * Run from the repository root: npm run admin -- user create --email E --password P
 */
export function buildProgram(out: (line: string) => void = console.log): Command {
  const program = new Command('admin').description('Gatehouse operator commands').exitOverride();
  const user = program.command('user').description('manage accounts');

  user
    .command('create')
    .description('create an active account with a verified e-mail')
    .requiredOption('--email <email>', 'e-mail address (the sign-in name)')
    .requiredOption('--password <password>', '8+ characters with upper, lower case and a digit')
    .option('--first-name <name>', 'first name', '')
    .option('--surname <name>', 'surname', '')
    .option('--language <code>', 'sk, en or cs', 'sk')
    .option('--unverified', 'the e-mail is not verified yet (sign-in answers email_not_verified)')
    .action(async (o: { email: string; password: string; firstName: string; surname: string; language: string; unverified?: boolean }) => {
      await withAccounts(async (accounts) => {
        const created = await accounts.create({
          email: o.email,
          password: o.password,
          firstName: o.firstName,
          surname: o.surname,
          language: o.language,
          verified: !o.unverified,
        });
        out(`Created ${created.email} (${created.state}).`);
      });
    });

  user
    .command('disable')
    .description('disable an account and end its sessions (sign-in answers account_disabled)')
    .requiredOption('--email <email>', 'e-mail address')
    .action(async (o: { email: string }) => {
      await withAccounts(async (accounts) => {
        await accounts.disable(o.email);
        out(`Disabled ${o.email.trim().toLowerCase()}.`);
      });
    });

  user
    .command('enable')
    .description('enable a disabled account')
    .requiredOption('--email <email>', 'e-mail address')
    .action(async (o: { email: string }) => {
      await withAccounts(async (accounts) => {
        await accounts.enable(o.email);
        out(`Enabled ${o.email.trim().toLowerCase()}.`);
      });
    });

  user
    .command('unblock')
    .description('lift the block after wrong PINs and start the PIN attempts again')
    .requiredOption('--email <email>', 'e-mail address')
    .action(async (o: { email: string }) => {
      await withAccounts(async (accounts) => {
        await accounts.unblock(o.email);
        out(`Unblocked ${o.email.trim().toLowerCase()}.`);
      });
    });

  user
    .command('list')
    .description('list accounts')
    .action(async () => {
      await withAccounts(async (accounts) => out(formatAccountTable(await accounts.list())));
    });

  return program;
}

async function withAccounts(work: (accounts: Awaited<ReturnType<typeof openAccounts>>['accounts']) => Promise<void>): Promise<void> {
  const { accounts, db } = await openAccounts();
  try {
    await work(accounts);
  } finally {
    await db.destroy();
  }
}

/** Runs the tool; returns the exit code (0 success, 1 refused, 2 usage). */
export async function runAdmin(argv: readonly string[], out: (line: string) => void = console.log, err: (line: string) => void = console.error): Promise<number> {
  try {
    await buildProgram(out).parseAsync([...argv], { from: 'user' });
    return 0;
  } catch (error) {
    if (error instanceof CommanderError) return error.exitCode === 0 ? 0 : 2;
    if (error instanceof AccountError || error instanceof ConfigError) {
      err(`Error: ${error.message}`);
      return 1;
    }
    err(`Error: ${(error as Error).message}`);
    return 1;
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exitCode = await runAdmin(process.argv.slice(2));
}
