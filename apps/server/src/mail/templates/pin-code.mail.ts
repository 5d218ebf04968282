import { defineMailTemplate } from '../mail-template.ts';

export interface PinCodeMailParams {
  pin: string;
  firstName: string;
  validMinutes: number;
}

/** The sign-in PIN. Ends with the origin-bound WebOTP line "@host #PIN". */
export const pinCodeMail = defineMailTemplate({
  id: 'pin-code',
  catalogues: {
    en: {
      subject: 'Your sign-in code',
      greeting: 'Hello {firstName},',
      greetingNoName: 'Hello,',
      intro: 'Use this code to finish signing in:',
      validity: 'The code is valid for {minutes} minutes and can be used once.',
      notYou: 'If you did not try to sign in, ignore this e-mail and consider changing your password: someone may know it.',
    },
    sk: {
      subject: 'Váš prihlasovací kód',
      greeting: 'Dobrý deň {firstName},',
      greetingNoName: 'Dobrý deň,',
      intro: 'Na dokončenie prihlásenia použite tento kód:',
      validity: 'Kód platí {minutes} minút a dá sa použiť iba raz.',
      notYou: 'Ak ste sa neprihlasovali vy, tento e-mail ignorujte a zvážte zmenu hesla: niekto ho môže poznať.',
    },
    cs: {
      subject: 'Váš přihlašovací kód',
      greeting: 'Dobrý den {firstName},',
      greetingNoName: 'Dobrý den,',
      intro: 'K dokončení přihlášení použijte tento kód:',
      validity: 'Kód platí {minutes} minut a lze ho použít jen jednou.',
      notYou: 'Pokud jste se nepřihlašovali vy, tento e-mail ignorujte a zvažte změnu hesla: někdo ho může znát.',
    },
  },
  compose(say, params: PinCodeMailParams, context) {
    return {
      subject: say('subject'),
      blocks: [
        { kind: 'text', text: params.firstName ? say('greeting', { firstName: params.firstName }) : say('greetingNoName') },
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
