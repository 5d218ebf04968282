import { useRef, useState } from 'react';
import { describe, expect, it } from 'vitest';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { announced, announcing, expectAnnounced, expectNothingAnnounced } from '../testing/test-utils';
import { IntlWrapper } from '../ui/test-intl';
import { useLocale, useT } from '../i18n';
import { Notice } from '../ui/notice';
import { ScreenTitle } from './screen-title';
import { mayMoveFocusToScreen } from './focus-rules';
import { useA11y } from './a11y-context';
import { firstFailure, useAnswerProblems, useFailureReport, useSubmitFailures } from './use-failure-report';

/** A person's pace (user-event's delay between keys). */
const typist = () => userEvent.setup({ delay: 20 });

/** Two screens of a page inside <main>; the field re-renders the screen on every key. */
/** Every text the page's live region of this politeness holds from now on, emptied ones included, until `stop()`. */
function recordRegion(politeness: 'polite' | 'assertive') {
  const region = document.querySelector(`[data-announcer="${politeness}"]`) as HTMLElement;
  const texts: string[] = [];
  const observer = new MutationObserver(() => texts.push(region.textContent ?? ''));
  observer.observe(region, { childList: true, characterData: true, subtree: true });
  return { region, texts, stop: () => observer.disconnect() };
}

function Page({ extra }: { extra?: React.ReactNode }) {
  const [screenName, setScreen] = useState<'first' | 'second' | 'third'>('first');
  const [value, setValue] = useState('');
  return (
    <main>
      {screenName === 'first' && (
        <section>
          <ScreenTitle pageTitle="First">First screen</ScreenTitle>
          <button type="button" onClick={() => setScreen('second')}>
            Next
          </button>
        </section>
      )}
      {screenName === 'second' && (
        <section>
          <ScreenTitle pageTitle="Second">Second screen</ScreenTitle>
          <label>
            Code
            <input value={value} onChange={(event) => setValue(event.target.value)} />
          </label>
          <p>{value.length} keys</p>
          <button type="button" onClick={() => setScreen('third')}>
            Next
          </button>
        </section>
      )}
      {screenName === 'third' && <ScreenTitle>Third screen</ScreenTitle>}
      {extra}
    </main>
  );
}

function renderPage(extra?: React.ReactNode) {
  return render(
    <IntlWrapper>
      <Page extra={extra} />
    </IntlWrapper>,
  );
}

describe('focus on screen changes (ScreenTitle)', () => {
  it("leaves the page's first screen alone and gives each later screen's heading focus, once", async () => {
    const user = typist();
    renderPage();
    expect(document.activeElement).toBe(document.body);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Second screen' }));
  });

  it('never takes focus back on a re-render: every key typed after the screen change stays', async () => {
    const user = typist();
    renderPage();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    const field = screen.getByRole('textbox', { name: 'Code' });
    await user.click(field);
    // Each key re-renders the screen (its heading too).
    await user.keyboard('ABCDE3');
    expect(field).toHaveProperty('value', 'ABCDE3');
    expect(document.activeElement).toBe(field);
    expect(screen.getByText('6 keys')).toBeTruthy();
  });

  it('does not take focus from a text field the person is in, nor from outside the main part', async () => {
    function Outside() {
      const { screenShown } = useA11y();
      const heading = useRef<HTMLHeadingElement>(null);
      return (
        <>
          <h2 ref={heading} tabIndex={-1}>
            Late heading
          </h2>
          <button type="button" onClick={() => heading.current && screenShown(heading.current)}>
            Show late screen
          </button>
          <input aria-label="Elsewhere" />
        </>
      );
    }
    const user = typist();
    render(
      <IntlWrapper>
        <main>
          <ScreenTitle>First</ScreenTitle>
          <Outside />
        </main>
        <footer>
          <a href="#terms">Terms</a>
          <select aria-label="Language">
            <option>sk</option>
          </select>
        </footer>
      </IntlWrapper>,
    );
    const field = screen.getByRole('textbox', { name: 'Elsewhere' });
    await user.click(field);
    act(() => screenShownFrom(screen.getByRole('button', { name: 'Show late screen' })));
    expect(document.activeElement).toBe(field);
    // The footer's language choice (a select: a field too, and outside main).
    const language = screen.getByRole('combobox', { name: 'Language' });
    await user.click(language);
    act(() => screenShownFrom(screen.getByRole('button', { name: 'Show late screen' })));
    expect(document.activeElement).toBe(language);
    // A footer link (the bot-check notice's): no field, only outside main.
    const terms = screen.getByRole('link', { name: 'Terms' });
    await user.click(terms);
    act(() => screenShownFrom(screen.getByRole('button', { name: 'Show late screen' })));
    expect(document.activeElement).toBe(terms);
    // From a button of the page's main part it may move.
    await user.click(screen.getByRole('button', { name: 'Show late screen' }));
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Late heading' }));
  });

  it("moves from a snackbar's action (Skip, Activate): the new screen is its outcome", () => {
    document.body.innerHTML =
      '<main><h1 tabindex="-1">Next</h1></main><div data-snackbar><button>Skip</button></div><div role="dialog"><button>OK</button></div>';
    const [skip, ok] = [...document.querySelectorAll('button')] as HTMLButtonElement[];
    expect(mayMoveFocusToScreen(skip ?? null)).toBe(true);
    expect(mayMoveFocusToScreen(ok ?? null)).toBe(false);
    document.body.innerHTML = '';
  });

  it('names the screen in the document title and gives the page its own back when it goes', async () => {
    const user = typist();
    renderPage();
    expect(document.title).toBe('First – Sign in');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(document.title).toBe('Second – Sign in');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(document.title).toBe('Sign in');
  });
});

/** Presses a button without moving focus to it (a click from code, as a late answer would). */
function screenShownFrom(button: HTMLElement) {
  button.dispatchEvent(new MouseEvent('click', { bubbles: true }));
}

/** A button that announces its message in the live region of its politeness. */
function AnnounceButton({
  label,
  message,
  politeness,
}: {
  label: string;
  message: string;
  politeness: 'polite' | 'assertive';
}) {
  const { announce } = useA11y();
  return (
    <button type="button" onClick={() => announce(message, politeness)}>
      {label}
    </button>
  );
}

describe('the live regions', () => {
  it('are two, there from the start, and say a message in the region its kind asks for', async () => {
    const user = typist();
    render(
      <IntlWrapper>
        <AnnounceButton label="Status" message="Saved." politeness="polite" />
        <AnnounceButton label="Error" message="Entered code is incorrect" politeness="assertive" />
      </IntlWrapper>,
    );
    expect(document.querySelectorAll('[aria-live="polite"][role="status"]')).toHaveLength(1);
    expect(document.querySelectorAll('[aria-live="assertive"][role="alert"]')).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Status' }));
    await expectAnnounced('Saved.', 'polite');
    expect(announced('assertive')).toBe('');
    await user.click(screen.getByRole('button', { name: 'Error' }));
    await expectAnnounced('Entered code is incorrect', 'assertive');
  });

  it('say the same message again when it happens again (emptied, then filled)', async () => {
    const user = typist();
    render(
      <IntlWrapper>
        <AnnounceButton label="Again" message="Wrong code" politeness="assertive" />
      </IntlWrapper>,
    );
    const { texts, stop } = recordRegion('assertive');
    await user.click(screen.getByRole('button', { name: 'Again' }));
    await expectAnnounced('Wrong code');
    await user.click(screen.getByRole('button', { name: 'Again' }));
    await waitFor(() => expect(texts.filter((text) => text === 'Wrong code')).toHaveLength(2));
    expect(texts).toContain('');
    stop();
  });
});

describe('the live regions on a new screen', () => {
  it('no longer hold what was said of the screen before (browse mode would find it), but say a message on its way', async () => {
    const user = typist();
    renderPage(
      <>
        <AnnounceButton label="Wrong" message="Entered code is incorrect" politeness="assertive" />
        <AnnounceButton label="Noted" message="Saved." politeness="polite" />
      </>,
    );
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(screen.getByRole('button', { name: 'Wrong' }));
    await user.click(screen.getByRole('button', { name: 'Noted' }));
    await expectAnnounced('Entered code is incorrect', 'assertive');
    await expectAnnounced('Saved.', 'polite');
    await waitFor(() => expect(document.querySelector('[data-announcer][data-pending]')).toBeNull());

    // The person goes on to the next screen: both regions are empty there.
    await user.click(screen.getAllByRole('button', { name: 'Next' })[0]!);
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Third screen' }));
    expect(announced('assertive')).toBe('');
    expect(announced('polite')).toBe('');
  });

  it('say a message that was on its way when the screen changed', async () => {
    function SayAndGo() {
      const { announce } = useA11y();
      const [next, setNext] = useState(false);
      return next ? (
        <ScreenTitle key="after">After</ScreenTitle>
      ) : (
        <>
          <ScreenTitle key="before">Before</ScreenTitle>
          <button
            type="button"
            onClick={() => {
              announce('Removed from the list.', 'polite');
              setNext(true);
            }}
          >
            Remove
          </button>
        </>
      );
    }
    const user = typist();
    render(
      <IntlWrapper>
        <main>
          <SayAndGo />
        </main>
      </IntlWrapper>,
    );
    await user.click(screen.getByRole('button', { name: 'Remove' }));
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'After' }));
    await expectAnnounced('Removed from the list.', 'polite');
  });
});

describe('two messages in the same moment', () => {
  it('are both said, one after the other, in the order they came; the same one waiting is said once', async () => {
    function Say() {
      const { announce } = useA11y();
      return (
        <button
          type="button"
          onClick={() => {
            announce('Caps Lock is on', 'polite');
            announce('You can sign in faster with this device', 'polite');
            announce('You can sign in faster with this device', 'polite');
          }}
        >
          Both
        </button>
      );
    }
    const user = typist();
    render(
      <IntlWrapper>
        <Say />
      </IntlWrapper>,
    );
    const { region, texts, stop } = recordRegion('polite');
    await user.click(screen.getByRole('button', { name: 'Both' }));
    await waitFor(() => expect(region.hasAttribute('data-pending')).toBe(false));
    stop();
    expect(texts.filter((text) => text !== '')).toEqual(['Caps Lock is on', 'You can sign in faster with this device']);
    expect(region.textContent).toBe('You can sign in faster with this device');
  });
});

describe('a notice that announces itself (a status, or an action that failed)', () => {
  it('is said once when it appears, not on re-renders, and again when its key changes', async () => {
    function Status() {
      const [renders, setRenders] = useState(0);
      const [round, setRound] = useState(1);
      return (
        <>
          <Notice variant="info" announce announceKey={round}>
            You have 2 attempts left.
          </Notice>
          <button type="button" onClick={() => setRenders((n) => n + 1)}>
            Re-render {renders}
          </button>
          <button type="button" onClick={() => setRound((n) => n + 1)}>
            Again
          </button>
        </>
      );
    }
    const user = typist();
    render(
      <IntlWrapper>
        <Status />
      </IntlWrapper>,
    );
    await expectAnnounced('You have 2 attempts left.', 'polite');
    await waitFor(() => expect(announcing('polite')).toBe(false));
    const { texts } = recordRegion('polite');
    const said = () => texts.filter((text) => text !== '');
    await user.click(screen.getByRole('button', { name: /Re-render/ }));
    await user.click(screen.getByRole('button', { name: /Re-render/ }));
    // A re-render announcing again would have emptied the region and marked it at once.
    expectNothingAnnounced('polite', 'You have 2 attempts left.');
    expect(said()).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Again' }));
    await waitFor(() => expect(said()).toEqual(['You have 2 attempts left.']));
    // Not a live region itself: the page's regions are the only ones.
    expect(
      screen.getByText('You have 2 attempts left.').closest('[aria-live], [role="status"], [role="alert"]'),
    ).toBeNull();
  });
});

describe('a notice on show when the person chooses another language', () => {
  it('is not said again translated; one that appears afterwards, or one taken back unsaid, is', async () => {
    function Offer() {
      const t = useT();
      const { chooseLocale } = useLocale();
      const [wait, setWait] = useState<number | null>(null);
      return (
        <>
          <Notice variant="info" announce>
            {t('signIn.login.deviceOffer')}
          </Notice>
          {wait !== null && (
            <Notice variant="info" announce>
              {t('app.snackbar.tooManyRequests.seconds', { seconds: wait })}
            </Notice>
          )}
          <button type="button" onClick={() => void chooseLocale('sk')}>
            Slovensky
          </button>
          <button type="button" onClick={() => void chooseLocale('cs')}>
            Česky
          </button>
          <button type="button" onClick={() => setWait((seconds) => (seconds ?? 0) + 2)}>
            Too fast
          </button>
        </>
      );
    }
    const user = typist();
    render(
      <IntlWrapper>
        <Offer />
      </IntlWrapper>,
    );
    await expectAnnounced('You can sign in faster using your device (fingerprint, face or screen lock).', 'polite');
    await waitFor(() => expect(announcing('polite')).toBe(false));
    const { texts, stop } = recordRegion('polite');
    const said = () => texts.filter((text) => text !== '');
    const settled = async () => {
      await waitFor(() => expect(announcing('polite')).toBe(false));
      await new Promise((resolve) => setTimeout(resolve, 250));
    };

    await user.click(screen.getByRole('button', { name: 'Slovensky' }));
    await screen.findByText(/^Prihlásiť sa môžete rýchlejšie/);
    await user.click(screen.getByRole('button', { name: 'Česky' }));
    await screen.findByText(/^Přihlásit se můžete rychleji/);
    await settled();
    expect(said()).toEqual([]);

    // A notice that appears after the switch is news: said, in the language chosen.
    await user.click(screen.getByRole('button', { name: 'Too fast' }));
    await settled();
    expect(said()).toEqual(['Příliš mnoho pokusů. Zkuste to znovu za 2 sekundy.']);

    // Its text changes (not only its language): said again.
    await user.click(screen.getByRole('button', { name: 'Too fast' }));
    await settled();
    expect(said()).toEqual([
      'Příliš mnoho pokusů. Zkuste to znovu za 2 sekundy.',
      'Příliš mnoho pokusů. Zkuste to znovu za 4 sekundy.',
    ]);

    // Switched in the moment it changed, before it was said: said once, in the language chosen.
    texts.length = 0;
    act(() => {
      screen.getByRole('button', { name: 'Too fast' }).click();
      screen.getByRole('button', { name: 'Slovensky' }).click();
    });
    await screen.findByText('Príliš veľa pokusov. Skúste to znova o 6 sekúnd.');
    await settled();
    expect(said()).toEqual(['Príliš veľa pokusov. Skúste to znova o 6 sekúnd.']);
    stop();
  });
});

describe('a notice that goes before it was said', () => {
  it('is not said; one already said stays, and a message waiting behind it is still said', async () => {
    function Offer() {
      const [shown, setShown] = useState(false);
      const { announce } = useA11y();
      return (
        <>
          {shown && (
            <Notice variant="info" announce>
              You can sign in faster with this device
            </Notice>
          )}
          <button type="button" onClick={() => setShown(true)}>
            Show
          </button>
          <button type="button" onClick={() => setShown(false)}>
            Hide
          </button>
          <button
            type="button"
            onClick={() => {
              setShown(true);
              announce('Caps Lock is on', 'polite');
            }}
          >
            Show, then another
          </button>
        </>
      );
    }
    render(
      <IntlWrapper>
        <Offer />
      </IntlWrapper>,
    );
    const { region, texts, stop } = recordRegion('polite');
    const said = () => texts.filter((text) => text !== '');
    // Shown and gone in the same moment (a box ticked before the app took over removes it at once).
    act(() => screen.getByRole('button', { name: 'Show' }).click());
    expect(announcing('polite')).toBe(true);
    act(() => screen.getByRole('button', { name: 'Hide' }).click());
    await waitFor(() => expect(region.hasAttribute('data-pending')).toBe(false));
    await new Promise((resolve) => setTimeout(resolve, 250));
    expect(said()).toEqual([]);

    // Gone while another waited behind it: the other is said.
    act(() => screen.getByRole('button', { name: 'Show, then another' }).click());
    act(() => screen.getByRole('button', { name: 'Hide' }).click());
    await waitFor(() => expect(region.hasAttribute('data-pending')).toBe(false));
    expect(said()).toEqual(['Caps Lock is on']);

    // Said, then gone: what was said stays said (the region empties itself later, as always).
    act(() => screen.getByRole('button', { name: 'Show' }).click());
    await waitFor(() => expect(said()).toEqual(['Caps Lock is on', 'You can sign in faster with this device']));
    act(() => screen.getByRole('button', { name: 'Hide' }).click());
    expect(region.textContent).toBe('You can sign in faster with this device');
    stop();
  });
});

/** A one-field form that fails on the server or in its own check, the way the app's forms report it. */
function OneField({ answers, serverProblem, notice }: { answers: number; serverProblem?: string; notice?: string }) {
  const form = useRef<HTMLFormElement>(null);
  const noticeElement = useRef<HTMLDivElement>(null);
  const [empty, setEmpty] = useState(false);
  const failed = useSubmitFailures(answers);
  const server = useAnswerProblems<'code', string>(answers, { code: serverProblem });
  const message = empty ? 'Enter code' : server.problemOf('code');
  useFailureReport(failed.key, () =>
    firstFailure(form.current, [['code', message]], { element: noticeElement.current, message: notice ?? null }),
  );
  return (
    <form
      ref={form}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const value = (form.current?.elements.namedItem('code') as HTMLInputElement).value;
        setEmpty(value === '');
        if (value === '') failed.refused();
      }}
    >
      {notice !== undefined && (
        <Notice variant="error" ref={noticeElement} focusable>
          {notice}
        </Notice>
      )}
      <input
        name="code"
        aria-label="Code"
        aria-invalid={message ? true : undefined}
        aria-describedby="code-error"
        onChange={() => server.edited('code')}
      />
      {message && <p id="code-error">{message}</p>}
      <button type="submit">Send</button>
    </form>
  );
}

type OneFieldProps = Parameters<typeof OneField>[0];

/** Renders the one-field form; what it returns renders it again with the props of a later answer. */
function renderOneField(props: OneFieldProps = { answers: 0 }) {
  const { rerender } = render(
    <IntlWrapper>
      <OneField {...props} />
    </IntlWrapper>,
  );
  return (next: OneFieldProps) =>
    rerender(
      <IntlWrapper>
        <OneField {...next} />
      </IntlWrapper>,
    );
}

describe('reporting a failed submit (useFailureReport)', () => {
  it('moves focus to the field in error, which says why, and announces nothing', async () => {
    const user = typist();
    const answer = renderOneField();
    await user.type(screen.getByRole('textbox', { name: 'Code' }), 'ZZZZZZ');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    answer({ answers: 1, serverProblem: 'Entered code is incorrect' });
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Code' }));
    expectNothingAnnounced();
  });

  it('announces the message when the person is in that field already (Enter), and keeps every key typed after', async () => {
    const user = typist();
    const answer = renderOneField();
    const field = screen.getByRole('textbox', { name: 'Code' });
    await user.type(field, 'ZZZZZZ{Enter}');
    answer({ answers: 1, serverProblem: 'Entered code is incorrect' });
    await expectAnnounced('Entered code is incorrect');
    // The message goes once the field is edited; the answer is not reported again.
    await user.clear(field);
    await user.type(field, 'ABCDE3');
    expect(field).toHaveProperty('value', 'ABCDE3');
    expect(document.activeElement).toBe(field);
    expect(screen.queryByText('Entered code is incorrect')).toBeNull();
  });

  it("reports the form's own refusal the same way, each time", async () => {
    const user = typist();
    renderOneField();
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Code' }));
    await user.keyboard('{Enter}');
    await expectAnnounced('Enter code');
  });

  it('moves focus to the notice (the error summary), unless the person is typing: then it is announced', async () => {
    const user = typist();
    const answer = renderOneField();
    const field = screen.getByRole('textbox', { name: 'Code' });
    await user.type(field, 'A');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    answer({ answers: 1, notice: 'Sending is temporarily unavailable.' });
    expect(document.activeElement).toBe(
      screen.getByText('Sending is temporarily unavailable.').closest('[tabindex="-1"]'),
    );
    await user.click(field);
    await user.keyboard('{Enter}');
    answer({ answers: 2, notice: 'Sending is temporarily unavailable.' });
    expect(document.activeElement).toBe(field);
    await expectAnnounced('Sending is temporarily unavailable.');
  });

  it('announces a message a form appears with (a new screen: its heading has focus)', async () => {
    renderOneField({ answers: 3, notice: 'Signing in has failed. Try again.' });
    await expectAnnounced('Signing in has failed. Try again.');
    expect(document.activeElement).toBe(document.body);
  });
});
