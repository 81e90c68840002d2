/**
 * Why a confirmation e-mail could not be sent, in the classes of docs/product/accounts.md#e-mail-delivery-failures, with the
 * wording the page shows for each. The server classifies (from what SES returns) and sends the
 * class; the browser shows the message.
 */
export const EMAIL_FAILURE_CATEGORIES = ['SMTP_AUTH', 'RATE_LIMIT', 'NETWORK', 'SERVER', 'UNKNOWN'] as const;
export type EmailFailureCategory = (typeof EMAIL_FAILURE_CATEGORIES)[number];

export const EMAIL_FAILURE_MESSAGES: Record<Exclude<EmailFailureCategory, 'UNKNOWN'>, { title: string; description: string }> = {
  SMTP_AUTH: {
    title: 'Email delivery issue',
    description: "We're experiencing technical issues with our email service. You can still log in using your credentials.",
  },
  RATE_LIMIT: {
    title: 'Email rate limit exceeded',
    description: 'Please wait before trying again. We limit how often emails can be sent.',
  },
  NETWORK: {
    title: 'Network issue',
    description: "We couldn't reach our email service. Please check your connection and try again.",
  },
  SERVER: {
    title: 'Server issue',
    description: 'Our servers are experiencing some issues. Please try again later.',
  },
};

export const EMAIL_MESSAGES = {
  resendFailed: 'Failed to resend email',
  sendFailed: { title: 'Failed to send email', description: 'You can still log in with your credentials. If needed, contact support for assistance.' },
  resent: { title: 'Email sent', description: 'Confirmation email has been resent to your address. Please check your spam folder if not received.' },
  sentOnPage: 'Confirmation email sent successfully. Please check your inbox and spam folder.',
  sendFailedNotice: 'Your account has been created, but there was an issue sending the confirmation email.',
  noEmail: { title: 'No email address', description: 'Please enter your email address first.' },
  invalidEmail: { title: 'Invalid email format', description: 'Please enter a valid email address.' },
  bannerTitle: 'E-mail confirmation required',
  bannerSent: 'Confirmation email sent! Please check your inbox.',
  confirmed: { title: 'Email confirmed', description: "Email confirmed successfully. You're now logged in." },
} as const;

/** What the caller is told about a failed send: the product's wording per class, the raw message for UNKNOWN. */
export function emailFailureMessage(category: EmailFailureCategory, rawMessage: string): string {
  return category === 'UNKNOWN' ? rawMessage || EMAIL_MESSAGES.sendFailed.title : EMAIL_FAILURE_MESSAGES[category].description;
}
