import { AltchaChallengeAnswer } from '@gatehouse/contract';
import type { AltchaOptions } from './altcha';

/**
 * The contract's check of a challenge, for the ALTCHA client. It loads with that client, not with the
 * first view: the schema brings zod (docs/decisions/0117-server-rendered-first-view.md, First-view bytes).
 */
export const parseAltchaChallenge: AltchaOptions['parseChallenge'] = (json) => AltchaChallengeAnswer.safeParse(json);
