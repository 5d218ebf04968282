import { defineMailTemplate } from '../mail-template.ts';

export type WasntYouReason = 'new_device' | 'wrong_pins';

export interface WasntYouMailParams {
  firstName: string;
  email: string;
  reason: WasntYouReason;
  /** When it happened, already written in the account's language and time zone. */
  time: string;
  /** The browser and system, already named (see `nameBrowser`), or the default name in the account's language. */
  device: string;
  /** Wrong PINs in a row (the `wrong_pins` mail). */
  wrongPins: number;
  /** The raw token; the link is built from PUBLIC_ORIGIN by the mail context. */
  token: string;
  validDays: number;
}

/**
 * "Wasn't you?" (docs/decisions/0115-wasnt-you-mail.md): after a sign-in from a new device, or a
 * burst of wrong PINs, says what happened and when, that nothing needs doing if it was the person,
 * and offers one link that secures the account.
 */
export const wasntYouMail = defineMailTemplate({
  id: 'wasnt-you',
  catalogueKey: 'wasntYou',
  keys: [
    'subjectNewDevice',
    'subjectWrongPins',
    'greeting',
    'greetingNoName',
    'newDevice',
    'wrongPins',
    'ifYou',
    'ifNotYou',
    'button',
    'validity',
    'unknownDevice',
    'unknownMobileDevice',
    'mobileDevice',
  ],
  compose(say, params: WasntYouMailParams, context) {
    const what =
      params.reason === 'new_device'
        ? say('newDevice', { email: params.email, time: params.time, device: params.device })
        : say('wrongPins', { email: params.email, time: params.time, device: params.device, count: params.wrongPins });
    return {
      subject: say(params.reason === 'new_device' ? 'subjectNewDevice' : 'subjectWrongPins'),
      blocks: [
        {
          kind: 'text',
          text: params.firstName ? say('greeting', { firstName: params.firstName }) : say('greetingNoName'),
        },
        { kind: 'text', text: what },
        { kind: 'text', text: say('ifYou') },
        { kind: 'text', text: say('ifNotYou') },
        {
          kind: 'link',
          label: say('button'),
          url: context.link(`/signin/secure-account?token=${encodeURIComponent(params.token)}`),
        },
        { kind: 'text', text: say('validity', { days: params.validDays }) },
      ],
    };
  },
});
