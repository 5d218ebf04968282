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
  catalogueKey: 'invitation',
  keys: ['subject', 'greeting', 'greetingNoName', 'intro', 'button', 'validity', 'notYou'],
  compose(say, params: InvitationMailParams, context) {
    return {
      subject: say('subject'),
      blocks: [
        {
          kind: 'text',
          text: params.firstName ? say('greeting', { firstName: params.firstName }) : say('greetingNoName'),
        },
        { kind: 'text', text: say('intro', { email: params.email }) },
        {
          kind: 'link',
          label: say('button'),
          url: context.link(`/signin/accept-invitation?token=${encodeURIComponent(params.token)}`),
        },
        { kind: 'text', text: say('validity', { hours: params.validHours }) },
        { kind: 'text', text: say('notYou') },
      ],
    };
  },
});
