import { PRODUCT_NAME, TOKEN_TTL } from '@solutionz/shared';
import type { OutgoingMail } from '../../adapters/ses-mailer';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function linkMail(to: string, subject: string, intro: string, action: string, link: string, outro: string): OutgoingMail {
  return {
    to,
    subject,
    text: `${intro}\n\n${action}: ${link}\n\n${outro}\n\n${PRODUCT_NAME}`,
    html:
      `<p>${escapeHtml(intro)}</p>` +
      `<p><a href="${escapeHtml(link)}">${escapeHtml(action)}</a></p>` +
      `<p>If the button does not work, paste this address into your browser:<br>${escapeHtml(link)}</p>` +
      `<p>${escapeHtml(outro)}</p><p>${PRODUCT_NAME}</p>`,
  };
}

export function confirmationMail(to: string, siteUrl: string, token: string): OutgoingMail {
  return linkMail(
    to,
    `Confirm your ${PRODUCT_NAME} email address`,
    `Welcome to ${PRODUCT_NAME}! Please confirm your email address to finish setting up your account.`,
    'Confirm email address',
    `${siteUrl}/confirm-email?token=${encodeURIComponent(token)}`,
    `The link works once and expires in ${TOKEN_TTL.emailConfirmationHours} hours. If you did not sign up, ignore this email.`,
  );
}

export function passwordResetMail(to: string, siteUrl: string, token: string): OutgoingMail {
  return linkMail(
    to,
    `Reset your ${PRODUCT_NAME} password`,
    'We received a request to reset the password of your account.',
    'Choose a new password',
    `${siteUrl}/reset-password?mode=reset&token=${encodeURIComponent(token)}`,
    `The link works once and expires in ${TOKEN_TTL.passwordResetHours} hour${TOKEN_TTL.passwordResetHours === 1 ? '' : 's'}. If you did not ask for it, ignore this email; your password stays as it is.`,
  );
}
