import type { BotCheckAction, ServerInfoAnswer } from '@gatehouse/contract';
import { loadChunk } from '../chunks';

/** The bot check the server asked for, set once at start-up from server info. */
interface BotCheckClient {
  readonly kind: 'none' | 'recaptcha' | 'altcha';
  token(action: BotCheckAction): Promise<string>;
  /** Loads the script (reCAPTCHA) or solves a challenge (ALTCHA) again after a failure. */
  reload(): void;
}

const OFF: BotCheckClient = { kind: 'none', token: async () => '', reload: () => undefined };

let current: BotCheckClient = OFF;

interface Implementation {
  token(action: BotCheckAction): Promise<string>;
  reload(): void;
}

/**
 * The implementation's code is loaded only when the check is on (not in the
 * first view). If that chunk itself fails to load, Retry loads it again.
 */
function lazyClient(kind: 'recaptcha' | 'altcha', create: () => Promise<Implementation>): BotCheckClient {
  const start = () => {
    const created = create();
    created.catch(() => undefined);
    return created;
  };
  let instance = start();
  return {
    kind,
    async token(action) {
      let implementation: Implementation;
      try {
        implementation = await instance;
      } catch {
        // call() turns any failure to get a token into ApiFailure('bot_check_unavailable').
        throw new Error(`${kind}: its code did not load`);
      }
      return implementation.token(action);
    },
    reload() {
      instance.then(
        (implementation) => implementation.reload(),
        () => {
          instance = start();
        },
      );
    },
  };
}

export type BotCheckServerInfo = Pick<ServerInfoAnswer, 'reCaptcha' | 'botCheck'>;

/**
 * The script is loaded from the server's URI and site key; if
 * these are missing, tokens are empty (docs/decisions/0140-bot-check.md). ALTCHA (an addition) needs a same-origin challenge address.
 */
export function configureBotCheck(
  info: BotCheckServerInfo,
  deps: { document?: Document; window?: Window; fetch?: typeof fetch } = {},
): void {
  const { siteKey, scriptUri } = info.reCaptcha;
  if (siteKey && scriptUri) {
    current = lazyClient('recaptcha', async () => {
      const { Recaptcha } = await loadChunk(() => import('./recaptcha'));
      const recaptcha = new Recaptcha({ siteKey, scriptUri, document: deps.document, window: deps.window });
      void recaptcha.load().catch(() => undefined);
      return recaptcha;
    });
    return;
  }
  const challengeUrl = info.botCheck.kind === 'altcha' ? info.botCheck.challengeUrl : undefined;
  // Same origin only: the CSP's connect-src is 'self', and a foreign address must not get the app's calls' proof.
  if (challengeUrl && challengeUrl.startsWith('/') && !challengeUrl.startsWith('//')) {
    current = lazyClient('altcha', async () => {
      // The contract's schema is passed in (altcha-challenge.ts): it comes with zod, which is not in the first view.
      const [{ Altcha }, { parseAltchaChallenge }] = await Promise.all([
        loadChunk(() => import('./altcha')),
        loadChunk(() => import('./altcha-challenge')),
      ]);
      const altcha = new Altcha({ challengeUrl, fetch: deps.fetch, parseChallenge: parseAltchaChallenge });
      altcha.prepare();
      return altcha;
    });
    return;
  }
  current = OFF;
}

/** The token for a marked call; empty while the check is off. Rejects with BotCheckUnavailable. */
export function botCheckToken(action: BotCheckAction): Promise<string> {
  return current.token(action);
}

/** The Retry of the "security check could not be loaded" message. */
export function retryBotCheck(): void {
  current.reload();
}

export function botCheckKind(): BotCheckClient['kind'] {
  return current.kind;
}

/** Tests: back to "off". */
export function resetBotCheck(): void {
  current = OFF;
}
