import type { Mailer } from '../../mail/mailer.ts';
import { renderMail, type MailContext } from '../../mail/mail-template.ts';
import { invitationMail } from '../../mail/templates/invitation.mail.ts';
import { AccountError, type AccountDetails, type AccountService, type NewAccount } from '../user/account.service.ts';
import type { TokenService } from './token.service.ts';

export const ACCEPT_INVITATION_PATH = '/signin/accept-invitation';

export interface SentInvitation {
  account: AccountDetails;
  /** The registration link (on PUBLIC_ORIGIN); the CLI prints it when there is no mail server. */
  link: string;
  /** False when no mailer was given (the CLI without SMTP_URL). */
  mailed: boolean;
}

/**
 * Invitations (docs/decisions/0130-recovery-tokens.md): an operator creates an account without a
 * password; the user finishes registration from the mailed link (POST /api/user/register).
 */
export class InvitationService {
  constructor(
    private readonly accounts: Pick<AccountService, 'invite' | 'findByEmail'>,
    private readonly tokens: TokenService,
    /** Null: do not mail, only return the link (the CLI without SMTP_URL). */
    private readonly mailer: Mailer | null,
    private readonly mailContext: MailContext,
    private readonly invitationTtlMs: number,
  ) {}

  /** Creates an invited account and sends its invitation. */
  async invite(input: Omit<NewAccount, 'password' | 'verified'>): Promise<SentInvitation> {
    const account = await this.accounts.invite(input);
    return this.send(account);
  }

  /** A fresh invitation for an account that has not registered yet; the new link voids the old one. */
  async resend(email: string): Promise<SentInvitation> {
    const account = await this.accounts.findByEmail(email);
    if (!account) throw new AccountError(`No account has the e-mail ${email.trim().toLowerCase()}`);
    if (account.state === 'disabled')
      throw new AccountError(`The account ${account.email} is disabled: enable it first`);
    if (account.state !== 'invited')
      throw new AccountError(`The account ${account.email} has already registered: it can use forgot password`);
    return this.send(account);
  }

  /** Issues a new invitation token (voiding the previous one) and mails the link in the account's language. */
  async send(account: AccountDetails): Promise<SentInvitation> {
    const { token } = await this.tokens.issue(account.id, 'invitation');
    const link = this.mailContext.link(`${ACCEPT_INVITATION_PATH}?token=${token}`);
    if (!this.mailer) return { account, link, mailed: false };
    const message = renderMail(invitationMail, {
      to: account.email,
      language: account.language,
      params: {
        firstName: account.firstName,
        email: account.email,
        token,
        validHours: Math.round(this.invitationTtlMs / 3_600_000),
      },
      context: this.mailContext,
    });
    await this.mailer.send(message);
    return { account, link, mailed: true };
  }
}
