import { defineMailTemplate } from '../mail-template.ts';

export interface InvitationMailParams {
  firstName: string;
  email: string;
  /** The raw token; the link is built from PUBLIC_ORIGIN by the mail context. */
  token: string;
  validHours: number;
}

/**
 * The link to /signin/accept-invitation: sent by the operator's `user invite` and
 * `user resend-invitation`, and by forgot password for an account that has not registered yet.
 */
export const invitationMail = defineMailTemplate({
  id: 'invitation',
  catalogues: {
    en: {
      subject: 'Finish setting up your account',
      greeting: 'Hello {firstName},',
      greetingNoName: 'Hello,',
      intro: 'An account has been created for you with the e-mail {email}. To start using it, choose your password with this link:',
      button: 'Finish registration',
      validity: 'The link is valid for {hours} hours and can be used once. When it expires, ask for a new one on the page it opens.',
      notYou: 'If you did not expect this e-mail, you can ignore it.',
    },
    sk: {
      subject: 'Dokončite nastavenie svojho účtu',
      greeting: 'Dobrý deň {firstName},',
      greetingNoName: 'Dobrý deň,',
      intro: 'Bol pre vás vytvorený účet s e-mailom {email}. Ak ho chcete začať používať, nastavte si heslo cez tento odkaz:',
      button: 'Dokončiť registráciu',
      validity: 'Odkaz platí {hours} hodín a dá sa použiť iba raz. Po jeho vypršaní si na stránke, ktorú otvorí, vyžiadajte nový.',
      notYou: 'Ak ste tento e-mail nečakali, môžete ho ignorovať.',
    },
    cs: {
      subject: 'Dokončete nastavení svého účtu',
      greeting: 'Dobrý den {firstName},',
      greetingNoName: 'Dobrý den,',
      intro: 'Byl pro vás vytvořen účet s e-mailem {email}. Chcete-li ho začít používat, nastavte si heslo tímto odkazem:',
      button: 'Dokončit registraci',
      validity: 'Odkaz platí {hours} hodin a lze ho použít jen jednou. Po jeho vypršení si na stránce, kterou otevře, vyžádejte nový.',
      notYou: 'Pokud jste tento e-mail nečekali, můžete ho ignorovat.',
    },
  },
  compose(say, params: InvitationMailParams, context) {
    return {
      subject: say('subject'),
      blocks: [
        { kind: 'text', text: params.firstName ? say('greeting', { firstName: params.firstName }) : say('greetingNoName') },
        { kind: 'text', text: say('intro', { email: params.email }) },
        { kind: 'link', label: say('button'), url: context.link(`/signin/accept-invitation?token=${encodeURIComponent(params.token)}`) },
        { kind: 'text', text: say('validity', { hours: params.validHours }) },
        { kind: 'text', text: say('notYou') },
      ],
    };
  },
});
