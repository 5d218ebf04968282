import { randomUUID } from 'node:crypto';
import { checkNewPassword, isValidEmail, normalizeEmail, LOCALES, type Locale } from '@gatehouse/contract';
import type { Db } from '../../db/database.ts';
import type { HashAdmission, PasswordHasher } from '../../plugins/password-hasher.ts';
import type { SessionService } from '../session/session.service.ts';
import { accountKey, type ThrottleService } from '../throttle/throttle.service.ts';
import type { UserRepository, UserRow } from './user.repository.ts';

/** An operator's mistake (CLI): the message is shown as is. */
export class AccountError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'AccountError';
  }
}

export interface NewAccount {
  email: string;
  password: string;
  firstName?: string;
  surname?: string;
  language?: string;
  verified?: boolean;
}

export type AccountState = 'active' | 'disabled' | 'blocked' | 'unverified' | 'invited';

export interface AccountSummary {
  id: string;
  email: string;
  name: string;
  language: string;
  state: AccountState;
}

export function accountState(row: UserRow): AccountState {
  if (row.disabled_at !== null) return 'disabled';
  if (row.blocked_at !== null) return 'blocked';
  if (row.password_hash === null) return 'invited';
  if (!row.email_verified) return 'unverified';
  return 'active';
}

/** Accounts as the operator manages them (the sign-in app never creates accounts). */
export class AccountService {
  constructor(
    private readonly users: UserRepository,
    private readonly hasher: PasswordHasher,
    private readonly now: () => number,
    /** Disabling an account ends its sessions. */
    private readonly sessions: Pick<SessionService, 'endAllForUser'>,
    /** Unblocking an account ends its login lock-out. */
    private readonly throttle: Pick<ThrottleService, 'clear'>,
  ) {}

  async create(input: NewAccount): Promise<AccountSummary> {
    if (!isValidEmail(input.email)) throw new AccountError(`Not a valid e-mail address: ${input.email}`);
    const language = input.language ?? 'sk';
    if (!(LOCALES as readonly string[]).includes(language)) {
      throw new AccountError(`Unknown language "${language}": use one of ${LOCALES.join(', ')}`);
    }
    const problem = checkNewPassword(input.password);
    if (problem) {
      throw new AccountError(
        'The password must have at least 8 characters with an upper-case letter, a lower-case letter and a digit',
      );
    }
    const email = normalizeEmail(input.email);
    if (await this.users.findByEmail(email))
      throw new AccountError(`An account with the e-mail ${email} already exists`);
    const now = this.now();
    const row: UserRow = {
      id: randomUUID(),
      email,
      first_name: input.firstName?.trim() ?? '',
      surname: input.surname?.trim() ?? '',
      language: language as Locale,
      password_hash: await this.hasher.hash(input.password),
      email_verified: input.verified === false ? 0 : 1,
      disabled_at: null,
      blocked_at: null,
      created_at: now,
      updated_at: now,
    };
    await this.users.insert(row);
    return summarize(row);
  }

  /** Disables the account and ends every session it has. */
  async disable(email: string): Promise<void> {
    const user = await this.users.findByEmail(normalizeEmail(email));
    if (!user || !(await this.users.setDisabledAt(user.email, this.now(), this.now()))) throw unknownEmail(email);
    await this.sessions.endAllForUser(user.id);
  }

  /** Lifts a block after wrong PINs and a login lock-out after failed passwords; the PIN attempts start again. */
  async unblock(email: string): Promise<void> {
    const normalized = normalizeEmail(email);
    if (!(await this.users.unblock(normalized, this.now()))) throw unknownEmail(email);
    await this.throttle.clear(accountKey(normalized));
  }

  /** Erases the account and everything kept for it; its sessions end first. */
  async delete(email: string): Promise<void> {
    const user = await this.users.findByEmail(normalizeEmail(email));
    if (!user) throw unknownEmail(email);
    await this.sessions.endAllForUser(user.id);
    if (!(await this.users.deleteByEmail(user.email))) throw unknownEmail(email);
  }

  async enable(email: string): Promise<void> {
    if (!(await this.users.setDisabledAt(normalizeEmail(email), null, this.now()))) throw unknownEmail(email);
  }

  /** Creates an invited account (docs/decisions/0130-recovery-tokens.md): no password and an unverified e-mail until the user registers from the link. */
  async invite(input: Omit<NewAccount, 'password' | 'verified'>): Promise<AccountDetails> {
    if (!isValidEmail(input.email)) throw new AccountError(`Not a valid e-mail address: ${input.email}`);
    const language = input.language ?? 'sk';
    if (!(LOCALES as readonly string[]).includes(language)) {
      throw new AccountError(`Unknown language "${language}": use one of ${LOCALES.join(', ')}`);
    }
    const email = normalizeEmail(input.email);
    if (await this.users.findByEmail(email))
      throw new AccountError(`An account with the e-mail ${email} already exists`);
    const now = this.now();
    const row: UserRow = {
      id: randomUUID(),
      email,
      first_name: input.firstName?.trim() ?? '',
      surname: input.surname?.trim() ?? '',
      language: language as Locale,
      password_hash: null,
      email_verified: 0,
      disabled_at: null,
      blocked_at: null,
      created_at: now,
      updated_at: now,
    };
    await this.users.insert(row);
    return details(row);
  }

  /** The account with this e-mail (any letter case), or undefined. */
  async findByEmail(email: string): Promise<AccountDetails | undefined> {
    const row = await this.users.findByEmail(normalizeEmail(email));
    return row ? details(row) : undefined;
  }

  /** The account with this e-mail; an operator's mistake (AccountError) when there is none. */
  async require(email: string): Promise<AccountDetails> {
    const account = await this.findByEmail(email);
    if (!account) throw unknownEmail(email);
    return account;
  }

  async findById(id: string): Promise<AccountDetails | undefined> {
    const row = await this.users.findById(id);
    return row ? details(row) : undefined;
  }

  /** Stores a new argon2id hash set through an e-mailed link: verifies the e-mail and lifts a block. */
  async setPasswordFromLink(userId: string, passwordHash: string, db?: Db): Promise<void> {
    await (db ? this.users.within(db) : this.users).setPasswordFromLink(userId, passwordHash, this.now());
  }

  async list(): Promise<AccountSummary[]> {
    return (await this.users.list()).map(summarize);
  }

  /**
   * True when this is the account's password now, the account found by id or by e-mail (a reset must
   * choose another one; the demo seed checks a saved password before printing it).
   */
  async hasPassword(
    account: { id: string } | { email: string },
    password: string,
    admission?: HashAdmission,
  ): Promise<boolean> {
    const row =
      'id' in account
        ? await this.users.findById(account.id)
        : await this.users.findByEmail(normalizeEmail(account.email));
    return row?.password_hash ? this.hasher.verify(row.password_hash, password, admission) : false;
  }

  async isEmpty(): Promise<boolean> {
    return (await this.users.count()) === 0;
  }
}

function unknownEmail(email: string): AccountError {
  return new AccountError(`No account has the e-mail ${normalizeEmail(email)}`);
}

/** An account with the names apart (mails greet by first name). */
export interface AccountDetails extends AccountSummary {
  firstName: string;
  surname: string;
}

function details(row: UserRow): AccountDetails {
  return { ...summarize(row), firstName: row.first_name, surname: row.surname };
}

function summarize(row: UserRow): AccountSummary {
  return {
    id: row.id,
    email: row.email,
    name: [row.first_name, row.surname].filter((s) => s.length > 0).join(' '),
    language: row.language,
    state: accountState(row),
  };
}
