import type { CredentialRepository } from './credential.repository.ts';
import type { OfferRepository } from './offer.repository.ts';

/**
 * Whether to offer passkey registration after a sign-in: only to a user without a passkey who has
 * not said "don't ask again", at most once per interval (1, then 7, then 30 days; docs/flows/passkeys.md).
 */
export class OfferService {
  constructor(
    private readonly offers: OfferRepository,
    private readonly credentials: CredentialRepository,
    private readonly now: () => number,
  ) {}

  /** True means "offer now", and the next offer is scheduled by the same answer. */
  async takeOffer(userId: string): Promise<boolean> {
    if (await this.credentials.hasAny(userId)) return false;
    const now = this.now();
    await this.offers.ensure(userId, now);
    return this.offers.takeIfDue(userId, now);
  }

  /** false: "don't ask again" (for good); true: offers may come again on the same schedule. */
  async save(userId: string, offer: boolean): Promise<void> {
    await this.offers.setDeclined(userId, !offer, this.now());
  }
}
