/** User-facing wording (docs/product/). The web and the API both import from here. */

export const MESSAGES = {
  notFound: { title: '404', heading: 'Page Not Found', text: "Sorry, the page you're looking for doesn't exist or has been moved." },
  errorFallback: { title: 'Something went wrong', fallback: 'An unexpected error occurred', retry: 'Try again' },
  accessDenied: {
    title: 'Access Denied',
    provider: 'This content is restricted to service providers only.',
    client: 'This content is restricted to clients only.',
  },
  signOut: {
    success: { title: 'Successfully signed out', description: 'You have been signed out of your account.' },
    failure: { title: 'Sign out failed', description: 'There was an error signing out. Please try again.' },
    /** The admin console's Logout. */
    adminFailure: { title: 'Failed to log out. Please try again.' },
  },
  loginFailedToast: 'Login failed',
  /**
   * Why an account with an unconfirmed address may not post a job, publish feedback, reveal contact
   * details or take a FIRST100 slot: the API's 403 and the notice the web shows before the form.
   */
  emailConfirmationRequired: 'Please confirm your e-mail address first: open the link we sent you, or send a new one.',
  emailConfirmationBanner: {
    title: 'E-mail confirmation required',
    text: 'Please confirm your e-mail address to use every feature of your account.',
    resend: 'Resend Email',
    sending: 'Sending...',
    sent: 'Confirmation email sent! Please check your inbox.',
  },
  membershipBanner: {
    title: 'Activate your membership',
    text: 'Activate your membership to appear in the directory and see job contact details.',
    action: 'Activate Membership',
  },
  searchEmpty: { title: 'Search fields empty', description: 'Please enter a service or location to search.' },
  geolocation: {
    unsupported: 'Geolocation is not supported by this browser',
    denied: 'Location access denied by user',
    unavailable: 'Location information is unavailable',
    timeout: 'Location request timed out',
    other: 'Unable to retrieve your location',
  },
  api: {
    invalidRequest: 'Some of the information you sent is not valid.',
    notFound: 'Not found',
    methodNotAllowed: 'This method is not allowed here.',
    subscriptionRequired: 'Subscription required',
    unauthorized: 'Authentication required',
    forbidden: 'You do not have permission to do that.',
    internal: 'An unexpected error occurred. Please try again.',
    malformedJson: 'The request body is not valid JSON.',
    unknownField: (name: string) => `Unknown field "${name}": it is not accepted here.`,
  },
} as const;
