import { expect, type Locator, type Page, type Request } from '@playwright/test';

/** The button each page a mail links to offers: opening the page changes nothing until it is pressed. */
const BUTTONS: Readonly<Record<string, string>> = {
  '/confirm-email': 'Confirm my email address',
  '/confirm-email-change': 'Confirm new e-mail address',
  '/reset-password': 'Update password',
  '/job-alerts/unsubscribe': 'Unsubscribe from job alerts',
  '/provider-updates/unsubscribe': 'Unsubscribe from provider updates',
  '/message-mails/unsubscribe': 'Turn message e-mails off',
};

/**
 * Opens a link from a mail as a mail scanner or a link preview would, and as the person does before they
 * press anything: the page must send the API nothing but reads. Answers the page's button, showing.
 */
export async function openMailLink(page: Page, link: string): Promise<Locator> {
  const name = BUTTONS[new URL(link, 'http://site.test').pathname];
  if (!name) throw new Error(`No button is known for the page of ${link}`);
  const writes: string[] = [];
  const watch = (request: Request) => {
    if (request.method() !== 'GET' && request.method() !== 'HEAD' && new URL(request.url()).pathname.startsWith('/api/'))
      writes.push(`${request.method()} ${new URL(request.url()).pathname}`);
  };
  page.on('request', watch);
  try {
    await page.goto(link);
    const button = page.getByRole('button', { name });
    await expect(button).toBeVisible();
    expect(writes, 'what opening the link sent the API').toEqual([]);
    return button;
  } finally {
    page.off('request', watch);
  }
}

/** Uses a link from a mail as a person does: opens it, then presses the page's button. */
export async function followMailLink(page: Page, link: string): Promise<void> {
  await (await openMailLink(page, link)).click();
}
