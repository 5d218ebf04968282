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
  catalogueKey: 'resetPassword',
  keys: ['subject', 'greeting', 'greetingNoName', 'intro', 'button', 'validity', 'notYou'],
  compose(say, params: ResetPasswordMailParams, context) {
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
          url: context.link(`/signin/reset-password?token=${encodeURIComponent(params.token)}`),
        },
        { kind: 'text', text: say('validity', { minutes: params.validMinutes }) },
        { kind: 'text', text: say('notYou') },
      ],
    };
  },
});
