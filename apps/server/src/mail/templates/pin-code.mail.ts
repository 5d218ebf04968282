import { defineMailTemplate } from '../mail-template.ts';

export interface PinCodeMailParams {
  pin: string;
  firstName: string;
  validMinutes: number;
}

/** The sign-in PIN. Ends with the origin-bound WebOTP line "@host #PIN". */
export const pinCodeMail = defineMailTemplate({
  id: 'pin-code',
  catalogueKey: 'pinCode',
  keys: ['subject', 'greeting', 'greetingNoName', 'intro', 'validity', 'notYou'],
  compose(say, params: PinCodeMailParams, context) {
    return {
      subject: say('subject'),
      blocks: [
        {
          kind: 'text',
          text: params.firstName ? say('greeting', { firstName: params.firstName }) : say('greetingNoName'),
        },
        { kind: 'text', text: say('intro') },
        { kind: 'code', code: params.pin },
        { kind: 'text', text: say('validity', { minutes: params.validMinutes }) },
        { kind: 'text', text: say('notYou') },
      ],
      // WebOTP: the last line binds the code to the app's host (https://wicg.github.io/web-otp/).
      lastLine: `@${context.hostname} #${params.pin}`,
    };
  },
});
