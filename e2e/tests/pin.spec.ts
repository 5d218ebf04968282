import {
  admin,
  createUser,
  expect,
  expectNoAxeViolations,
  isPinMail,
  pinFrom,
  signInAndOutWithApi,
  test,
  text,
  waitForMail,
  type Locale,
} from '../fixtures.ts';
import { agePinCodes, ageTrustedDevices } from '../database.ts';
import {
  announcements,
  expectScreen,
  JOURNEY_TIMEOUT_MS,
  recordAnnouncements,
  shown,
  tabTo,
  typeAsPerson,
} from '../people.ts';
import { defaultPage, loginScreen } from '../screens/login-screen.ts';
import {
  blockedScreens,
  passOfferIfShown,
  pinScreen,
  rememberedScreens,
  signInWithPin,
} from '../screens/pin-screen.ts';

const t = (id: string, values?: Record<string, string>) => text('en', id, values);

test.describe('the PIN step', () => {
  test('the PIN form is accessible and a wrong PIN says so and then shows the remaining attempts', async ({
    page,
    user,
  }) => {
    const login = loginScreen(page);
    await login.open();
    const since = Date.now();
    await login.signIn(user.email, user.password);
    const pin = pinScreen(page);
    await expect(pin.heading).toBeVisible();
    await expect(pin.rememberDevice).toBeVisible();
    await expectNoAxeViolations(page);

    const real = pinFrom(await waitForMail(user.email, { since }));
    const wrong = real === 'AAAAAA' ? 'BBBBBB' : 'AAAAAA';
    // Two silent attempts (server default), then the notice counts down.
    await pin.code.fill(wrong);
    await pin.submit.click();
    await expect(pin.invalid).toBeVisible();
    await expect(page.getByText(/attempts? left/)).toHaveCount(0);
    await pin.code.fill(wrong);
    await pin.submit.click();
    await expect(shown(page, 'You have 3 attempts left.')).toBeVisible();
    await pin.code.fill(wrong);
    await pin.submit.click();
    await expect(shown(page, 'You have 2 attempts left.')).toBeVisible();
    await expectNoAxeViolations(page);

    await pin.code.fill(real.toLowerCase());
    await expect(pin.code).toHaveValue(real);
    await pin.submit.click();
    await passOfferIfShown(page);
    await expect(defaultPage(page).signOut).toBeVisible();
  });

  test('wrong PINs until none are left block the account, and the blocked page offers a reset', async ({
    page,
    user,
  }) => {
    const login = loginScreen(page);
    await login.open();
    await login.signIn(user.email, user.password);
    const pin = pinScreen(page);
    await expect(pin.heading).toBeVisible();
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      await pin.code.fill(attempt % 2 ? 'ZZZZZZ' : 'YYYYYY');
      await pin.submit.click();
      if (attempt < 5) await expect(pin.invalid).toBeVisible();
    }
    const blocked = blockedScreens(page);
    await expect(blocked.blockedHeading).toBeVisible();
    await expect(blocked.useAnother).toBeVisible();
    await expect(blocked.resetPassword).toBeVisible();
    await expectNoAxeViolations(page);

    // Blocked stays blocked after a correct password, until the operator unblocks.
    await blocked.useAnother.click();
    await login.signIn(user.email, user.password);
    await expect(blocked.blockedHeading).toBeVisible();
    await admin('user', 'unblock', '--email', user.email);
    await blocked.useAnother.click();
    await signInWithPin(page, user);
  });

  test('an account disabled by an administrator gets the disabled page with its e-mail', async ({ page, user }) => {
    await admin('user', 'disable', '--email', user.email);
    const login = loginScreen(page);
    await login.open();
    await login.signIn(user.email, user.password);
    const blocked = blockedScreens(page);
    await expect(blocked.disabledHeading).toBeVisible();
    await expect(page.getByText(user.email)).toBeVisible();
    await expect(blocked.useAnother).toBeVisible();
    await expect(blocked.resetPassword).toHaveCount(0);
    await expectNoAxeViolations(page);
  });
});

test.describe('trusted devices', () => {
  test('remembering the device skips the PIN at the next sign-in', async ({ page, user }) => {
    await loginScreen(page).open();
    await signInWithPin(page, user, { rememberDevice: true });
    await defaultPage(page).signOut.click();

    // Next sign-in on this device: the account is preselected and no PIN is asked.
    const remembered = rememberedScreens(page);
    await expect(remembered.back(user)).toBeVisible();
    await remembered.password.fill(user.password);
    await remembered.submit.click();
    await passOfferIfShown(page);
    await expect(defaultPage(page).signOut).toBeVisible();
    await expect(pinScreen(page).heading).toHaveCount(0);
  });

  test('after the recheck period the PIN may be skipped once, then is mandatory', async ({ page, user }) => {
    // A device trusted 31 days ago (past the recheck period).
    await signInAndOutWithApi(page, user, { rememberDevice: true });
    expect(ageTrustedDevices(user.email, 31)).toBe(1);

    const remembered = rememberedScreens(page);
    const pin = pinScreen(page);
    await page.goto('/signin/');
    await expect(remembered.back(user)).toBeVisible();
    await remembered.password.fill(user.password);
    await remembered.submit.click();
    await expect(pin.recheckHeading).toBeVisible();
    await expect(pin.rememberDevice).toHaveCount(0);
    await page.getByRole('button', { name: t('signIn.snackbar.recheckSkip.action') }).click();
    await passOfferIfShown(page);
    await expect(defaultPage(page).signOut).toBeVisible();
    await defaultPage(page).signOut.click();

    // Skipped once: now the PIN is mandatory, with no offer to skip.
    const since = Date.now();
    await remembered.password.fill(user.password);
    await remembered.submit.click();
    await expect(pin.recheckHeading).toBeVisible();
    await expect(page.getByRole('button', { name: t('signIn.snackbar.recheckSkip.action') })).toHaveCount(0);
    await pin.enterMailedPin(user, since);
    await passOfferIfShown(page);
    await expect(defaultPage(page).signOut).toBeVisible();
  });
});

test.describe('remembered accounts', () => {
  test('the chooser lists the accounts of this device; one can be removed and another account used', async ({
    page,
  }) => {
    const users = [
      await createUser({ firstName: 'Anna', surname: 'First' }),
      await createUser({ firstName: 'Boris', surname: 'Second' }),
      await createUser({ firstName: 'Cyril', surname: 'Third' }),
    ];
    // Two accounts have signed in on this device before.
    await signInAndOutWithApi(page, users[0]!);
    await signInAndOutWithApi(page, users[1]!);
    await recordAnnouncements(page);

    // The most recent one is preselected: back to the list, then another account.
    const remembered = rememberedScreens(page);
    await page.goto('/signin/');
    await remembered.back(users[1]!).click();
    await expect(remembered.listHeading).toBeVisible();
    await remembered.useAnother.click();
    await signInWithPin(page, users[2]!);
    await defaultPage(page).signOut.click();

    await expect(remembered.back(users[2]!)).toBeVisible();
    await remembered.back(users[2]!).click();
    await expect(remembered.listHeading).toBeVisible();
    // Each row: the name and the e-mail masked; no whole e-mail until an account is picked.
    for (const user of users) {
      await expect(remembered.account(user)).toBeVisible();
      await expect(page.getByText(user.email)).toHaveCount(0);
    }
    await expectNoAxeViolations(page);

    await remembered.options(users[1]!).click();
    await remembered.remove.click();
    await expect(remembered.account(users[1]!)).toHaveCount(0);
    await expect(remembered.account(users[0]!)).toBeVisible();
    // Focus on the list's heading, and what was done is said, politely, once.
    await expect(remembered.listHeading).toBeFocused();
    const removed = text('en', 'signIn.remembered.removed', { email: users[1]!.email });
    await expect.poll(() => announcements(page, 'polite')).toContain(removed);
    expect((await announcements(page, 'polite')).filter((said) => said === removed)).toHaveLength(1);
    await remembered.account(users[0]!).click();
    await expect(remembered.back(users[0]!)).toBeVisible();
    await remembered.back(users[0]!).click();

    await remembered.useAnother.click();
    const login = loginScreen(page);
    await expect(login.email).toHaveValue('');
    await expect(login.email).toBeVisible();
  });

  test.describe('in cs at 360 px, keyboard only', () => {
    test.use({ lang: 'cs', viewport: { width: 360, height: 740 } });

    test('"forget all accounts on this device" forgets every account and its trust; the next sign-in types the e-mail and asks for the PIN', async ({
      page,
    }) => {
      const cs = (id: string, values?: Record<string, string>) => text('cs', id, values);
      const users = [
        await createUser({ firstName: 'Anna', surname: 'První' }),
        await createUser({ firstName: 'Boris', surname: 'Druhý' }),
      ];
      await signInAndOutWithApi(page, users[0]!, { rememberDevice: true });
      await signInAndOutWithApi(page, users[1]!);
      await recordAnnouncements(page);
      const remembered = rememberedScreens(page, 'cs');
      await page.goto('/signin/');
      await remembered.back(users[1]!).focus();
      await page.keyboard.press('Enter');
      await expectScreen(page, cs('signIn.remembered.title'));
      await expectNoAxeViolations(page);

      const forgetAll = page.getByRole('button', { name: cs('signIn.remembered.forgetAll') });
      for (let i = 0; i < 12 && !(await forgetAll.evaluate((el) => el === document.activeElement)); i++)
        await page.keyboard.press('Tab');
      await expect(forgetAll).toBeFocused();
      await page.keyboard.press('Enter');

      // The empty login form, its heading focused, and what was done said; nothing leads back to a list.
      await expectScreen(page, cs('signIn.login.title'));
      await expect.poll(() => announcements(page, 'polite')).toContain(cs('signIn.remembered.allForgotten'));
      await expect(page.getByLabel(cs('signIn.login.email'), { exact: true })).toHaveValue('');
      await expect(
        page.getByRole('button', { name: new RegExp(users[0]!.email.replace(/[.+]/g, '\\$&')) }),
      ).toHaveCount(0);
      // After a reload too: the device has no account to offer.
      await page.reload();
      await expect(page.getByRole('heading', { level: 1, name: cs('signIn.login.title') })).toBeVisible();
      // The device that was trusted for Anna asks for her PIN again.
      await typeAsPerson(page.getByLabel(cs('signIn.login.email'), { exact: true }), users[0]!.email);
      await typeAsPerson(page.getByLabel(cs('signIn.login.password'), { exact: true }), users[0]!.password);
      await page.keyboard.press('Enter');
      await expectScreen(page, cs('signIn.pin.title'));
    });
  });

  test.describe('in sk at 360 px, keyboard only', () => {
    test.use({ lang: 'sk', viewport: { width: 360, height: 740 } });

    test('each account of the list, with a name or without one, stands in the middle of its row, level with its options button', async ({
      page,
    }) => {
      const sk = (id: string, values?: Record<string, string>) => text('sk', id, values);
      // An account created without names is listed by its masked address alone: one line, not two.
      const named = await createUser({ firstName: 'Jana', surname: 'Nováková', language: 'sk' });
      const nameless = await createUser({ firstName: '', surname: '', language: 'sk' });
      await signInAndOutWithApi(page, named);
      await signInAndOutWithApi(page, nameless);
      const remembered = rememberedScreens(page, 'sk');
      await page.goto('/signin/');
      await tabTo(page, remembered.back(nameless), 15);
      await page.keyboard.press('Enter');
      await expectScreen(page, sk('signIn.remembered.title'));
      await expect(remembered.listHeading).toBeFocused();

      const rows = page.getByRole('list', { name: sk('signIn.remembered.title') }).getByRole('listitem');
      await expect(rows).toHaveCount(2);
      // The options button comes with its chunk: each row has both of its buttons.
      for (const row of await rows.all()) await expect(row.getByRole('button')).toHaveCount(2);
      const layout = await rows.evaluateAll((items) =>
        items.map((row) => {
          const [account, options] = [...row.querySelectorAll('button')];
          const lines = [...(account?.children ?? [])].map((line) => line.getBoundingClientRect());
          const box = options?.getBoundingClientRect();
          return {
            words: account?.textContent ?? '',
            lines: lines.length,
            textMiddle: (Math.min(...lines.map((r) => r.top)) + Math.max(...lines.map((r) => r.bottom))) / 2,
            optionsMiddle: box ? (box.top + box.bottom) / 2 : NaN,
          };
        }),
      );
      expect(layout.map((row) => row.lines).sort()).toEqual([1, 2]);
      for (const row of layout)
        expect(Math.abs(row.textMiddle - row.optionsMiddle), `the lines of "${row.words}"`).toBeLessThanOrEqual(1);
    });
  });
});

const WAY_OUT_RUNS: readonly { lang: Locale; viewport: { width: number; height: number } }[] = [
  { lang: 'sk', viewport: { width: 360, height: 740 } },
  { lang: 'cs', viewport: { width: 360, height: 740 } },
];

for (const { lang, viewport } of WAY_OUT_RUNS) {
  test.describe(`the PIN step's ways out, in ${lang} at ${viewport.width} px, keyboard only`, () => {
    test.use({ lang, viewport });
    // Typed at a person's pace, two mailed PINs: a journey's time-out.
    test.describe.configure({ timeout: JOURNEY_TIMEOUT_MS });
    const tl = (id: string, values?: Record<string, string>) => text(lang, id, values);

    test('the PIN mail found after its ten minutes: the expired code leads back to the password with the e-mail in place, and the new code signs in', async ({
      page,
      user,
    }) => {
      await recordAnnouncements(page);
      const login = loginScreen(page, lang);
      const pin = pinScreen(page, lang);
      await page.goto('/signin/');
      const firstSent = await login.signInByKeyboard(user.email, user.password);
      await expectScreen(page, tl('signIn.pin.title'));
      const late = pinFrom(await waitForMail(user.email, { since: firstSent, match: isPinMail }));

      // The mail is opened eleven minutes later; the code is typed as it stands in the mail.
      expect(agePinCodes(user.email, 11)).toBe(1);
      await tabTo(page, pin.code, 10);
      await typeAsPerson(pin.code, late);
      await expect(pin.code).toHaveValue(late);
      await page.keyboard.press('Enter');

      // Not the same form again with "incorrect or expired" for ever: the sign-in form, told once why.
      const expired = tl('signIn.notice.codeExpired');
      await expectScreen(page, tl('signIn.login.title'));
      await expect(shown(page, expired)).toBeVisible();
      await expect.poll(async () => (await announcements(page)).filter((said) => said === expired).length).toBe(1);
      await expect(login.email).toHaveValue(user.email);
      await expect(login.password).toHaveValue('');
      await expectNoAxeViolations(page);

      // The password again, key by key: a new code is mailed, and it signs in.
      const secondSent = await login.passwordByKeyboard(user.password);
      await expectScreen(page, tl('signIn.pin.title'));
      await pin.enterMailedPinByKeyboard(user, secondSent);
      await passOfferIfShown(page, lang);
      await expect(defaultPage(page, lang).signOut).toBeVisible();
    });

    test('"Back to sign-in" on the PIN form: the code went to the other address, so the person goes back and uses the right one', async ({
      page,
      user,
    }) => {
      const other = await createUser({ firstName: 'Eva', surname: 'Druhá' });
      const login = loginScreen(page, lang);
      const pin = pinScreen(page, lang);
      await page.goto('/signin/');
      await login.signInByKeyboard(other.email, other.password);
      await expectScreen(page, tl('signIn.pin.title'));
      await expect(page.getByText(tl('signIn.pin.description', { email: other.email }))).toBeVisible();

      // Not the mailbox they read: back, with the keyboard, past the code field.
      const back = page.getByRole('button', { name: tl('signIn.pin.back') });
      await tabTo(page, back, 10);
      await page.keyboard.press('Enter');
      await expectScreen(page, tl('signIn.login.title'));
      await expect(login.email).toHaveValue(other.email);
      await expect(login.password).toHaveValue('');
      await expectNoAxeViolations(page);
      // The step is over for the server too: a reload paints the login form, not the PIN form.
      await page.reload();
      await expect(login.heading).toBeVisible();
      await expect(pin.heading).toHaveCount(0);

      const sent = await login.signInByKeyboard(user.email, user.password);
      await expectScreen(page, tl('signIn.pin.title'));
      await expect(page.getByText(tl('signIn.pin.description', { email: user.email }))).toBeVisible();
      await pin.enterMailedPinByKeyboard(user, sent);
      await passOfferIfShown(page, lang);
      await expect(defaultPage(page, lang).signOut).toBeVisible();
    });
  });
}
