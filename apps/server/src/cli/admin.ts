import { pathToFileURL } from 'node:url';
import { Command, CommanderError } from 'commander';
import { ConfigError, loadConfig } from '../config/config.ts';
import { AccountError, type AccountDetails } from '../modules/user/account.service.ts';
import {
  formatAccountTable,
  formatPasskeyTable,
  formatTrustedDeviceTable,
  openAccounts,
  openInvitations,
  pickId,
  MIN_ID_PREFIX,
} from './admin-commands.ts';
import { MailDeliveryError } from '../mail/mailer.ts';
import type { InvitationService, SentInvitation } from '../modules/recovery/invitation.service.ts';

/**
 * The operator's tool (accounts are created by the provider, never by the sign-in app).
 * Run from the repository root: npm run admin -- user create --email E --password P
 */
export function buildProgram(out: (line: string) => void = console.log, env: NodeJS.ProcessEnv = process.env): Command {
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
    .action(
      async (o: {
        email: string;
        password: string;
        firstName: string;
        surname: string;
        language: string;
        unverified?: boolean;
      }) => {
        await withAccounts(env, async (accounts) => {
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
      },
    );

  user
    .command('disable')
    .description('disable an account and end its sessions (sign-in answers account_disabled)')
    .requiredOption('--email <email>', 'e-mail address')
    .action(async (o: { email: string }) => {
      await withAccounts(env, async (accounts) => {
        await accounts.disable(o.email);
        out(`Disabled ${o.email.trim().toLowerCase()}.`);
      });
    });

  user
    .command('enable')
    .description('enable a disabled account')
    .requiredOption('--email <email>', 'e-mail address')
    .action(async (o: { email: string }) => {
      await withAccounts(env, async (accounts) => {
        await accounts.enable(o.email);
        out(`Enabled ${o.email.trim().toLowerCase()}.`);
      });
    });

  user
    .command('delete')
    .description('erase an account with its sessions, devices, links and passkeys')
    .requiredOption('--email <email>', 'e-mail address')
    .action(async (o: { email: string }) => {
      await withAccounts(env, async (accounts) => {
        await accounts.delete(o.email);
        out(`Deleted ${o.email.trim().toLowerCase()}.`);
      });
    });

  user
    .command('unblock')
    .description(
      'lift the block after wrong PINs and the lock-out after failed passwords; the PIN attempts start again',
    )
    .requiredOption('--email <email>', 'e-mail address')
    .action(async (o: { email: string }) => {
      await withAccounts(env, async (accounts) => {
        await accounts.unblock(o.email);
        out(`Unblocked ${o.email.trim().toLowerCase()}.`);
      });
    });

  user
    .command('invite')
    .description(
      'create an account without a password and mail it a registration link (SMTP_URL; without it the link is printed)',
    )
    .requiredOption('--email <email>', 'e-mail address (the sign-in name)')
    .option('--first-name <name>', 'first name', '')
    .option('--surname <name>', 'surname', '')
    .option('--language <code>', 'sk, en or cs (the language of the mail)', 'sk')
    .action(async (o: { email: string; firstName: string; surname: string; language: string }) => {
      await withInvitations(env, out, o.email, 'Invited', (invitations) =>
        invitations.invite({ email: o.email, firstName: o.firstName, surname: o.surname, language: o.language }),
      );
    });

  user
    .command('resend-invitation')
    .description('mail a new registration link to an invited account (the previous link stops working)')
    .requiredOption('--email <email>', 'e-mail address')
    .action(async (o: { email: string }) => {
      await withInvitations(env, out, o.email, 'New invitation for', (invitations) => invitations.resend(o.email));
    });

  user
    .command('list')
    .description('list accounts')
    .action(async () => {
      await withAccounts(env, async (accounts) => out(formatAccountTable(await accounts.list())));
    });

  // What an account signs in with, for the helpdesk (a lost phone: remove its passkey, revoke the
  // device, sign the account out everywhere); the README says when to use which.
  const forAccount = (parent: Command, name: string, description: string) =>
    parent.command(name).description(description).requiredOption('--email <email>', 'e-mail address');
  const idOption = (what: string, listCommand: string) =>
    `the ${what}'s id from "${listCommand}" (or its first ${MIN_ID_PREFIX}+ characters)`;

  const passkeys = user.command('passkeys').description("list and remove an account's passkeys");
  forAccount(passkeys, 'list', 'list the passkeys of an account').action(async (o: { email: string }) => {
    await withAccount(env, o.email, async (opened, account) =>
      out(formatPasskeyTable(await opened.passkeys.listForUser(account.id))),
    );
  });
  forAccount(passkeys, 'remove', 'remove one passkey: it no longer signs in, at once')
    .requiredOption('--id <id>', idOption('passkey', 'user passkeys list'))
    .action(async (o: { email: string; id: string }) => {
      await withAccount(env, o.email, async (opened, account) => {
        const id = pickId(
          (await opened.passkeys.listForUser(account.id)).map((p) => p.id),
          o.id,
          'passkey',
          account.email,
        );
        await opened.passkeys.remove(account.id, id);
        out(`Removed the passkey ${id} of ${account.email}.`);
      });
    });

  const devices = user.command('devices').description('list and revoke the devices an account trusts');
  forAccount(devices, 'list', 'list the devices an account trusts (they skip the PIN)').action(
    async (o: { email: string }) => {
      await withAccount(env, o.email, async (opened, account) =>
        out(formatTrustedDeviceTable(await opened.devices.trustedDevices(account.id))),
      );
    },
  );
  forAccount(
    devices,
    'revoke',
    'revoke the trust of one device (--id) or of all (--all): their next sign-in asks for a PIN',
  )
    .option('--id <id>', idOption('device', 'user devices list'))
    .option('--all', 'every device of the account')
    .action(async (o: { email: string; id?: string; all?: boolean }) => {
      if ((o.id === undefined) === !o.all) throw new AccountError('Give either --id <id> or --all');
      await withAccount(env, o.email, async (opened, account) => {
        if (o.all) {
          const count = await opened.devices.revokeAllTrust(account.id);
          out(`Revoked ${count} trusted device${count === 1 ? '' : 's'} of ${account.email}.`);
          return;
        }
        const id = pickId(
          (await opened.devices.trustedDevices(account.id)).map((d) => d.deviceId),
          o.id ?? '',
          'trusted device',
          account.email,
        );
        await opened.devices.revokeTrust(account.id, id);
        out(`Revoked the trust of device ${id} for ${account.email}.`);
      });
    });

  const sessions = user.command('sessions').description("end an account's sessions");
  forAccount(sessions, 'revoke', 'sign the account out everywhere (every browser must sign in again)').action(
    async (o: { email: string }) => {
      await withAccount(env, o.email, async (opened, account) => {
        const count = await opened.sessions.endAllForUser(account.id);
        out(`Ended ${count} session${count === 1 ? '' : 's'} of ${account.email}.`);
      });
    },
  );

  return program;
}

type Opened = Awaited<ReturnType<typeof openAccounts>>;

async function withAccounts(
  env: NodeJS.ProcessEnv,
  work: (accounts: Opened['accounts']) => Promise<void>,
): Promise<void> {
  const opened = await openAccounts(loadConfig(env));
  try {
    await work(opened.accounts);
  } finally {
    await opened.db.destroy();
  }
}

/** Opens the database, finds the account (an unknown e-mail is the operator's mistake) and runs `work`. */
async function withAccount(
  env: NodeJS.ProcessEnv,
  email: string,
  work: (opened: Opened, account: AccountDetails) => Promise<void>,
): Promise<void> {
  const opened = await openAccounts(loadConfig(env));
  try {
    await work(opened, await opened.accounts.require(email));
  } finally {
    await opened.db.destroy();
  }
}

/** Sends (or, without SMTP_URL, prints) one invitation and reports it; a mail failure exits 1 with the way out. */
async function withInvitations(
  env: NodeJS.ProcessEnv,
  out: (line: string) => void,
  email: string,
  verb: string,
  work: (invitations: InvitationService) => Promise<SentInvitation>,
): Promise<void> {
  const config = loadConfig(env);
  const { invitations, close } = await openInvitations(config);
  const hours = Math.round(config.invitationTtlMs / 3_600_000);
  try {
    const sent = await work(invitations);
    if (sent.mailed) {
      out(`${verb} ${sent.account.email}: registration link mailed (valid ${hours} hours).`);
      return;
    }
    out(`${verb} ${sent.account.email}. SMTP_URL is not set, so no mail was sent.`);
    out(`Registration link (valid ${hours} hours, single use; give it to this person only):`);
    out(`  ${sent.link}`);
  } catch (error) {
    if (!(error instanceof MailDeliveryError)) throw error;
    throw new AccountError(
      `The invitation mail could not be sent (${error.message}); the account exists. Try again with: npm run admin -- user resend-invitation --email ${email.trim().toLowerCase()}`,
    );
  } finally {
    await close();
  }
}

/**
 * Runs the tool; returns the exit code (0 success, 1 refused, 2 usage). `env` is where it reads
 * its configuration (DATABASE_URL, SMTP_URL, …): the process's own unless given; the end-to-end
 * fixtures run it in their process with the environment of the server under test.
 */
export async function runAdmin(
  argv: readonly string[],
  out: (line: string) => void = console.log,
  err: (line: string) => void = console.error,
  env: NodeJS.ProcessEnv = process.env,
): Promise<number> {
  try {
    await buildProgram(out, env).parseAsync([...argv], { from: 'user' });
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
