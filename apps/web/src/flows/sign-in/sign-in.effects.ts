import type { LoginAnswer, LoginBody } from '@gatehouse/contract';
import type { LoginField, SignInEffect, SignInEvent } from './sign-in.machine';

/** The I/O, focus and navigation the sign-in machine's effects need, injected. */
export interface SignInDeps {
  clearCache: () => Promise<void>;
  login: (body: LoginBody) => Promise<LoginAnswer>;
  /** True when a failure means "no answer at all" (the login's own reaction). */
  isNoAnswer: (error: unknown) => boolean;
  handleGlobalFailure: (error: unknown) => void;
  enterServerError: () => void;
  redirect: () => void;
  resetField: (field: LoginField) => void;
  focusField: (field: LoginField) => void;
  showPinMailFailed: () => void;
}

/** Runs one effect; events it produces go back through `send`. */
export async function runEffect(effect: SignInEffect, deps: SignInDeps, send: (event: SignInEvent) => void): Promise<void> {
  switch (effect.type) {
    case 'cache.clear':
      try {
        await deps.clearCache();
      } catch {
        // A cache that cannot be cleared must not stop the sign-in.
      }
      return;
    case 'login.call': {
      let answer: LoginAnswer;
      try {
        answer = await deps.login(effect.body);
      } catch (error) {
        if (deps.isNoAnswer(error)) {
          send({ type: 'login.unanswered' });
        } else {
          send({ type: 'login.abandoned' });
          deps.handleGlobalFailure(error);
        }
        return;
      }
      send({ type: 'login.answered', answer });
      return;
    }
    case 'navigation.redirect':
      deps.redirect();
      return;
    case 'field.reset':
      deps.resetField(effect.field);
      return;
    case 'field.focus':
      deps.focusField(effect.field);
      return;
    case 'snackbar.pinMailFailed':
      deps.showPinMailFailed();
      return;
    case 'app.serverError':
      deps.enterServerError();
      return;
    default:
      return effect satisfies never;
  }
}

/** Clears the browser cache named go-cache (spec section 4) where the Cache API exists. */
export async function clearGoCache(): Promise<void> {
  if (typeof caches !== 'undefined') await caches.delete('go-cache');
}
