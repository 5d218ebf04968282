import { defineMailTemplate } from '../mail-template.ts';

export interface ResetPasswordMailParams {
  firstName: string;
  email: string;
  /** The raw token; the link is built from PUBLIC_ORIGIN by the mail context. */
  token: string;
  validMinutes: number;
}

/** The link to /signin/reset-password, sent by POST /api/user/forgotpassword. */
export const resetPasswordMail = defineMailTemplate({
  id: 'reset-password',
  catalogues: {
    en: {
      subject: 'Reset your password',
      greeting: 'Hello {firstName},',
      greetingNoName: 'Hello,',
      intro: 'We received a request to reset the password of your account {email}. Choose a new password with this link:',
      button: 'Set a new password',
      validity: 'The link is valid for {minutes} minutes and can be used once. Setting a new password signs you out everywhere.',
      notYou: 'If you did not ask for this, ignore this e-mail: your password stays as it is.',
    },
    sk: {
      subject: 'Obnovenie hesla',
      greeting: 'Dobrý deň {firstName},',
      greetingNoName: 'Dobrý deň,',
      intro: 'Dostali sme žiadosť o obnovenie hesla k vášmu účtu {email}. Nové heslo si nastavíte cez tento odkaz:',
      button: 'Nastaviť nové heslo',
      validity: 'Odkaz platí {minutes} minút a dá sa použiť iba raz. Nastavením nového hesla sa odhlásite na všetkých zariadeniach.',
      notYou: 'Ak ste o obnovenie nežiadali, tento e-mail ignorujte: vaše heslo zostáva nezmenené.',
    },
    cs: {
      subject: 'Obnovení hesla',
      greeting: 'Dobrý den {firstName},',
      greetingNoName: 'Dobrý den,',
      intro: 'Obdrželi jsme žádost o obnovení hesla k vašemu účtu {email}. Nové heslo si nastavíte tímto odkazem:',
      button: 'Nastavit nové heslo',
      validity: 'Odkaz platí {minutes} minut a lze ho použít jen jednou. Nastavením nového hesla se odhlásíte na všech zařízeních.',
      notYou: 'Pokud jste o obnovení nežádali, tento e-mail ignorujte: vaše heslo zůstává beze změny.',
    },
  },
  compose(say, params: ResetPasswordMailParams, context) {
    return {
      subject: say('subject'),
      blocks: [
        { kind: 'text', text: params.firstName ? say('greeting', { firstName: params.firstName }) : say('greetingNoName') },
        { kind: 'text', text: say('intro', { email: params.email }) },
        { kind: 'link', label: say('button'), url: context.link(`/signin/reset-password?token=${encodeURIComponent(params.token)}`) },
        { kind: 'text', text: say('validity', { minutes: params.validMinutes }) },
        { kind: 'text', text: say('notYou') },
      ],
    };
  },
});
