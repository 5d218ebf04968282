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
  catalogues: {
    en: {
      subjectNewDevice: 'New sign-in to your account',
      subjectWrongPins: 'Wrong PINs entered for your account',
      greeting: 'Hello {firstName},',
      greetingNoName: 'Hello,',
      newDevice: 'Your account {email} was signed in to on {time} from a device it had not been used on before: {device}.',
      wrongPins: 'On {time}, the right password of your account {email} was entered, followed by a wrong PIN {count} times in a row, on this device: {device}.',
      ifYou: 'If it was you, nothing needs doing.',
      ifNotYou: 'If it was not you, secure your account: every sign-in will be ended, no device will be trusted or remember your account any more, and you will choose a new password.',
      button: 'Secure my account',
      validity: 'The link is valid for {days} days and can be used once. Opening it changes nothing until you confirm on the page.',
      unknownDevice: 'Unknown device',
      unknownMobileDevice: 'Mobile device',
      mobileDevice: 'Mobile {name}',
    },
    sk: {
      subjectNewDevice: 'Nové prihlásenie do vášho účtu',
      subjectWrongPins: 'Nesprávne PIN kódy pri prihlasovaní do vášho účtu',
      greeting: 'Dobrý deň {firstName},',
      greetingNoName: 'Dobrý deň,',
      newDevice: 'Do vášho účtu {email} sa {time} prihlásil niekto zo zariadenia, na ktorom sa predtým nepoužíval: {device}.',
      wrongPins: '{time} niekto zadal správne heslo k vášmu účtu {email} a potom {count}-krát za sebou nesprávny PIN kód, na tomto zariadení: {device}.',
      ifYou: 'Ak ste to boli vy, nemusíte nič robiť.',
      ifNotYou: 'Ak ste to neboli vy, zabezpečte svoj účet: všetky prihlásenia sa ukončia, žiadne zariadenie už nebude dôveryhodné ani si váš účet nebude pamätať a nastavíte si nové heslo.',
      button: 'Zabezpečiť účet',
      validity: 'Odkaz platí {days} dní a dá sa použiť iba raz. Jeho otvorenie nič nezmení, kým to na stránke nepotvrdíte.',
      unknownDevice: 'Neznáme zariadenie',
      unknownMobileDevice: 'Mobilné zariadenie',
      mobileDevice: 'Mobil {name}',
    },
    cs: {
      subjectNewDevice: 'Nové přihlášení k vašemu účtu',
      subjectWrongPins: 'Nesprávné PIN kódy při přihlašování k vašemu účtu',
      greeting: 'Dobrý den {firstName},',
      greetingNoName: 'Dobrý den,',
      newDevice: 'K vašemu účtu {email} se {time} někdo přihlásil ze zařízení, na kterém se dříve nepoužíval: {device}.',
      wrongPins: '{time} někdo zadal správné heslo k vašemu účtu {email} a poté {count}krát za sebou nesprávný PIN kód, na tomto zařízení: {device}.',
      ifYou: 'Pokud jste to byli vy, nemusíte nic dělat.',
      ifNotYou: 'Pokud jste to nebyli vy, zabezpečte svůj účet: všechna přihlášení se ukončí, žádné zařízení už nebude důvěryhodné ani si váš účet nebude pamatovat a nastavíte si nové heslo.',
      button: 'Zabezpečit účet',
      validity: 'Odkaz platí {days} dní a lze ho použít jen jednou. Jeho otevření nic nezmění, dokud to na stránce nepotvrdíte.',
      unknownDevice: 'Neznámé zařízení',
      unknownMobileDevice: 'Mobilní zařízení',
      mobileDevice: 'Mobil {name}',
    },
  },
  compose(say, params: WasntYouMailParams, context) {
    const what =
      params.reason === 'new_device'
        ? say('newDevice', { email: params.email, time: params.time, device: params.device })
        : say('wrongPins', { email: params.email, time: params.time, device: params.device, count: params.wrongPins });
    return {
      subject: say(params.reason === 'new_device' ? 'subjectNewDevice' : 'subjectWrongPins'),
      blocks: [
        { kind: 'text', text: params.firstName ? say('greeting', { firstName: params.firstName }) : say('greetingNoName') },
        { kind: 'text', text: what },
        { kind: 'text', text: say('ifYou') },
        { kind: 'text', text: say('ifNotYou') },
        { kind: 'link', label: say('button'), url: context.link(`/signin/secure-account?token=${encodeURIComponent(params.token)}`) },
        { kind: 'text', text: say('validity', { days: params.validDays }) },
      ],
    };
  },
});
