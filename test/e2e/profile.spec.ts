import { GetObjectCommand } from '@aws-sdk/client-s3';
import { LOCATION_MESSAGES, PROFILE_MESSAGES, STORAGE_CACHE_CONTROL_S } from '@solutionz/shared';
import sharp from 'sharp';
import { s3, stack } from '../support/local-stack';
import { seriousViolations } from './support/axe';
import { expect, test } from './support/fixtures';
import { expectSameDocument, markDocument, pickPlace, profileForm, writePhoneJpeg } from './support/profile';
import { accountMenu, chooseFromAccountMenu } from './support/session';

/**
 * The own profile (docs/product/account-settings.md#own-profile-page) and its editing on /account (#profile-fields): what a
 * person changes shows on /profile and in the header at once; a place we cannot find stores nothing;
 * a new profile picture arrives cleaned of what the phone wrote into it.
 */

test.describe('a client', () => {
  test.use({ signedInAs: 'client' });

  test('edits the profile, and /profile and the avatar menu show it without a reload', async ({ page, account }) => {
    await page.goto('/account');
    const form = profileForm(page);
    await form.getByLabel('First name').fill('Charlotte');
    await form.getByLabel('Last name').fill('Cole');
    await pickPlace(form.getByRole('combobox', { name: 'Location' }), 'sw1a1aa', 'SW1A 1AA');
    await form.getByLabel('Bio').fill('Renovating a Victorian terrace, one room at a time.');

    const newSkill = form.getByRole('textbox', { name: 'New skill' });
    const addSkill = form.getByRole('button', { name: 'Add skill' });
    await newSkill.fill('  Project planning  ');
    await newSkill.press('Enter');
    await newSkill.fill('project PLANNING');
    await addSkill.click();
    await newSkill.fill('   ');
    await expect(addSkill).toBeDisabled();
    await newSkill.press('Enter');
    await newSkill.fill('Budgeting');
    await addSkill.click();
    await expect(form.getByRole('list', { name: 'Your skills' }).getByRole('listitem')).toHaveText(['Project planning', 'Budgeting']);
    await expect(newSkill).toHaveValue('');

    await form.getByLabel('Website').fill('www.cole-renovates.co.uk');
    await form.getByLabel('Instagram').fill('https://instagram.com/colerenovates');
    await expect(form.getByLabel('Business name')).toHaveCount(0);

    await markDocument(page);
    await form.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByText(PROFILE_MESSAGES.saved.title)).toBeVisible();
    await expect(page).toHaveURL(/\/account$/);
    await expect(form.getByLabel('Website')).toHaveValue('https://www.cole-renovates.co.uk');

    const menuButton = accountMenu(page, 'Charlotte Cole');
    await expect(menuButton).toBeVisible();
    await expect(accountMenu(page, account.fullName)).toHaveCount(0);
    await menuButton.click();
    await expect(page.getByRole('menu')).toContainText('Charlotte Cole');
    await chooseFromAccountMenu(page, 'Charlotte Cole', 'My Profile', () => expect(page).toHaveURL(/\/profile$/, { timeout: 2_000 }));
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 2, name: 'Charlotte Cole' })).toBeVisible();
    await expect(main.getByText('Client', { exact: true })).toBeVisible();
    await expect(main.getByText('SW1A 1AA', { exact: true })).toBeVisible();
    await expect(main.getByRole('tab', { name: 'About', selected: true })).toBeVisible();
    await expect(main.getByText('Renovating a Victorian terrace, one room at a time.')).toBeVisible();
    await expect(main.getByRole('list', { name: 'Skills' }).getByRole('listitem')).toHaveText(['Project planning', 'Budgeting']);
    const links = main.getByRole('list', { name: 'Social links' }).getByRole('link');
    await expect(links).toHaveText(['Website', 'Instagram']);
    await expect(links.first()).toHaveAttribute('href', 'https://www.cole-renovates.co.uk');
    await expect(links.first()).toHaveAttribute('target', '_blank');
    await expect(links.last()).toHaveAttribute('href', 'https://instagram.com/colerenovates');
    await expectSameDocument(page);
  });

  test("a place that can't be found in the UK is refused with places to choose, and nothing is saved", async ({ page, account }) => {
    await page.goto('/account');
    const form = profileForm(page);
    await form.getByLabel('First name').fill('Changed');
    const location = form.getByRole('combobox', { name: 'Location' });
    await location.fill('Leedz');
    await form.getByRole('button', { name: 'Save Changes' }).click();

    await expect(form.getByText(LOCATION_MESSAGES.notFound)).toBeVisible();
    await expect(location).toHaveAttribute('aria-invalid', 'true');
    await expect(form.getByRole('group', { name: 'Places to choose from' }).getByRole('button', { name: 'Leeds' })).toBeVisible();
    await expect(page.getByText(PROFILE_MESSAGES.saveFailed.title)).toBeVisible();
    await expect(form.getByLabel('First name')).toHaveValue('Changed');
    await expect(accountMenu(page, account.fullName)).toBeVisible();

    await page.goto('/profile');
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 2, name: account.fullName })).toBeVisible();
    await expect(main.getByText('Leeds', { exact: true })).toBeVisible();
  });

  test('a web address with a space in it is refused under its field, before anything is sent', async ({ page }) => {
    const saves: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'PATCH' && new URL(request.url()).pathname === '/api/me/profile') saves.push(request.url());
    });
    await page.goto('/account');
    const form = profileForm(page);
    const website = form.getByLabel('Website');
    await website.fill('www.cole renovates.co.uk');
    await form.getByRole('button', { name: 'Save Changes' }).click();

    await expect(form.getByText('Enter a web address, e.g. www.example.co.uk')).toBeVisible();
    await expect(website).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByText(PROFILE_MESSAGES.saveFailed.title)).toHaveCount(0);
    expect(saves).toEqual([]);
  });

  test('/profile has About, My Jobs and Subscriptions, each saying what will be there and where to act now', async ({ page }) => {
    await page.goto('/profile');
    const main = page.getByRole('main');
    const tabs = main.getByRole('tablist', { name: 'Profile sections' }).getByRole('tab');
    await expect(tabs).toHaveText(['About', 'My Jobs', 'Subscriptions']);
    await expect(main.getByText('No bio yet.')).toBeVisible();
    await expect(main.getByText('No skills added yet.')).toBeVisible();
    await expect(main.getByText('No social links yet.')).toBeVisible();

    await main.getByRole('tab', { name: 'My Jobs' }).click();
    await expect(main.getByRole('heading', { name: "You haven't posted any jobs yet" })).toBeVisible();
    await expect(main.getByRole('link', { name: 'Post a Job' })).toHaveAttribute('href', '/post-job');

    await main.getByRole('tab', { name: 'Subscriptions' }).click();
    await expect(main.getByText(/Clients need no membership/)).toBeVisible();

    await main.getByRole('link', { name: 'Edit Profile' }).click();
    await expect(page).toHaveURL(/\/account$/);
    await expect(page.getByRole('heading', { level: 2, name: 'My Profile' })).toBeVisible();
  });

  test('/profile has no serious accessibility violation', async ({ page, account }) => {
    await page.goto('/profile');
    await expect(page.getByRole('main').getByRole('heading', { level: 2, name: account.fullName })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });
});

test.describe('a provider with a membership', () => {
  test.use({ signedInAs: 'provider', membership: 'monthly' });

  test('edits the profile, business and services, lands on the public page, and /profile shows it without a reload', async ({ page, account }) => {
    await page.goto('/account');
    const form = profileForm(page);
    await form.getByLabel('First name').fill('Pat');
    await form.getByLabel('Last name').fill('Pearson');
    await pickPlace(form.getByRole('combobox', { name: 'Location' }), 'm11ae', 'M1 1AE');
    await form.getByLabel('Business name').fill('Pearson Heating & Plumbing');
    await form.getByLabel('Phone number').fill('0161 496 0123');
    await form.getByLabel('Bio').fill('Gas Safe registered engineer covering Greater Manchester.');
    await form.getByRole('textbox', { name: 'New skill' }).fill('Boiler servicing');
    await form.getByRole('button', { name: 'Add skill' }).click();
    await form.getByLabel('LinkedIn').fill('linkedin.com/in/pat-pearson');

    const categories = form.getByRole('group', { name: 'Categories', exact: true });
    const chosen = categories.getByRole('list', { name: 'Chosen categories' });
    await expect(chosen.getByRole('listitem')).toHaveText(['Plumber']);
    await categories.getByRole('combobox', { name: 'Service group' }).selectOption('Construction/Trade');
    await categories.getByRole('combobox', { name: 'Service', exact: true }).selectOption('Electrician');
    await categories.getByRole('button', { name: 'Add category' }).click();
    await categories.getByRole('combobox', { name: 'Service group' }).selectOption('Cleaning & Removal Services');
    await categories.getByRole('button', { name: 'Add category' }).click();
    await categories.getByRole('combobox', { name: 'Service group' }).selectOption('Gardening and Outdoors');
    await categories.getByRole('combobox', { name: 'Service', exact: true }).selectOption('Lawn Care');
    await categories.getByRole('button', { name: 'Add category' }).click();
    // The first three chips, each cut at 25 characters, then "+N more" for the rest.
    await expect(chosen.getByRole('listitem')).toHaveText(['Plumber', 'Electrician', 'Cleaning & Removal Servi…']);
    await expect(chosen.getByRole('button', { name: '+1 more' })).toBeVisible();
    await categories.getByRole('button', { name: 'Remove Construction/Trade > Plumber' }).click();
    await expect(chosen.getByRole('listitem')).toHaveText(['Electrician', 'Cleaning & Removal Servi…', 'Lawn Care']);
    await expect(chosen.getByRole('button', { name: /more$/ })).toHaveCount(0);

    await markDocument(page);
    await form.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page).toHaveURL(new RegExp(`/directory/${account.userId}$`));
    await expect(page.getByText(PROFILE_MESSAGES.saved.title)).toBeVisible();

    await chooseFromAccountMenu(page, 'Pat Pearson', 'My Profile', () => expect(page).toHaveURL(/\/profile$/, { timeout: 2_000 }));
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 2, name: 'Pat Pearson' })).toBeVisible();
    await expect(main.getByText('Service Provider', { exact: true })).toBeVisible();
    await expect(main.getByText('M1 1AE', { exact: true })).toBeVisible();
    await expect(main.getByText('Gas Safe registered engineer covering Greater Manchester.')).toBeVisible();
    await expect(main.getByRole('list', { name: 'Skills' }).getByRole('listitem')).toHaveText(['Boiler servicing']);
    await expect(main.getByRole('list', { name: 'Categories' }).getByRole('listitem')).toHaveText(['Electrician', 'Cleaning & Removal Servi…', 'Lawn Care']);
    await expect(main.getByRole('definition').filter({ hasText: 'Pearson Heating & Plumbing' })).toBeVisible();
    await expect(main.getByRole('definition').filter({ hasText: '0161 496 0123' })).toBeVisible();
    await expect(main.getByRole('list', { name: 'Social links' }).getByRole('link')).toHaveText(['LinkedIn']);
    await expect(main.getByRole('link', { name: 'LinkedIn' })).toHaveAttribute('href', 'https://linkedin.com/in/pat-pearson');
    await main.getByRole('tab', { name: 'Services' }).click();
    const services = main.getByRole('tabpanel', { name: 'Services' });
    await expect(services.getByRole('list', { name: 'Services' }).getByRole('listitem')).toHaveText(['Electrician', 'Cleaning & Removal Servi…', 'Lawn Care']);
    await expect(services.getByRole('list', { name: 'Skills' }).getByRole('listitem')).toHaveText(['Boiler servicing']);
    await expectSameDocument(page);
  });
});

test.describe('a provider', () => {
  test.use({ signedInAs: 'provider' });

  test('/profile has the provider tabs with honest empty states, and the services they offer with the way to a membership to change them', async ({ page }) => {
    await page.goto('/profile');
    const main = page.getByRole('main');
    const sections = main.getByRole('tablist', { name: 'Profile sections' });
    await expect(sections.getByRole('tab')).toHaveText(['About', 'Services', 'Portfolio', 'Reviews', 'Saved Jobs', 'Subscriptions']);

    await main.getByRole('tab', { name: 'Portfolio' }).click();
    await expect(main.getByRole('heading', { name: 'No portfolio items yet' })).toBeVisible();
    await main.getByRole('tab', { name: 'Reviews' }).click();
    await expect(main.getByRole('heading', { name: 'No reviews yet' })).toBeVisible();
    await sections.getByRole('tab', { name: 'Saved Jobs' }).click();
    await expect(main.getByRole('heading', { name: 'No saved professionals yet' })).toBeVisible();
    await expect(main.getByRole('link', { name: 'Find Professionals' })).toHaveAttribute('href', '/directory');
    await main.getByRole('tablist', { name: 'Saved items' }).getByRole('tab', { name: 'Saved Jobs' }).click();
    await expect(main.getByRole('heading', { name: 'No saved jobs yet' })).toBeVisible();
    await expect(main.getByRole('link', { name: 'Browse Jobs' })).toHaveAttribute('href', '/job-directory');
    await main.getByRole('tab', { name: 'Subscriptions' }).click();
    await expect(main.getByRole('heading', { name: 'No Active Membership' })).toBeVisible();
    await expect(main.getByRole('link', { name: 'Get Membership' })).toHaveAttribute('href', '/membership');

    // Services and skills change with a membership: without one, the tab offers the way to it instead.
    await main.getByRole('tab', { name: 'Services' }).click();
    const services = main.getByRole('tabpanel', { name: 'Services' });
    await expect(services.getByRole('list', { name: 'Services' }).getByRole('listitem')).toHaveText(['Plumber']);
    await expect(services.getByRole('link', { name: 'Edit Services' })).toHaveCount(0);
    await services.getByRole('link', { name: 'Get Membership' }).click();
    await expect(page).toHaveURL(/\/membership$/);
  });

  test('/profile has no serious accessibility violation', async ({ page, account }) => {
    await page.goto('/profile');
    await expect(page.getByRole('main').getByRole('heading', { level: 2, name: account.fullName })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });
});

test.describe('an admin', () => {
  test.use({ signedInAs: 'admin' });

  test('/profile has About, Subscriptions and a way to the Admin Dashboard', async ({ page }) => {
    await page.goto('/profile');
    const main = page.getByRole('main');
    await expect(main.getByRole('tablist', { name: 'Profile sections' }).getByRole('tab')).toHaveText(['About', 'Subscriptions', 'Admin Dashboard']);
    await main.getByRole('tab', { name: 'Admin Dashboard' }).click();
    await expect(main.getByRole('link', { name: 'Go to the Admin Dashboard' })).toHaveAttribute('href', '/admin');
  });
});

test.describe('the profile picture', () => {
  test.use({ signedInAs: 'client' });

  test('a phone photo uploads with progress, shows in the header, and is stored as a square WebP without its position', async ({
    page,
    account,
    request,
  }, testInfo) => {
    // A 12-megapixel photo made, uploaded, checked and resized: on a loaded two-core machine it ran past 30 s once.
    test.slow();
    const photo = await writePhoneJpeg(testInfo.outputPath('phone-photo.jpg'));
    // The link step waits until the progress bar has been seen, so a fast local upload cannot slip past it.
    let releaseLink!: () => void;
    const linkHeld = new Promise<void>((resolve) => (releaseLink = resolve));
    await page.route('**/api/me/avatar', async (route) => {
      await linkHeld;
      await route.continue();
    });

    await page.goto('/');
    const menuButton = accountMenu(page, account.fullName);
    const dialog = page.getByRole('dialog', { name: 'Change Profile Photo' });
    await chooseFromAccountMenu(page, account.fullName, 'Change Profile Photo', () => expect(dialog).toBeVisible({ timeout: 2_000 }));
    const chooser = page.waitForEvent('filechooser');
    await dialog.getByRole('button', { name: 'Choose a picture' }).click();
    await (await chooser).setFiles(photo);

    const progress = dialog.getByRole('progressbar', { name: 'Uploading profile picture' });
    await expect(progress).toBeVisible();
    await expect(progress).toHaveAttribute('aria-valuetext', '100%');
    await expect(dialog.getByRole('button', { name: 'Choose a picture' })).toBeDisabled();
    expect(await seriousViolations(page)).toEqual([]);
    releaseLink();

    await expect(page.getByText(PROFILE_MESSAGES.avatar.success.description)).toBeVisible();
    await expect(dialog).toBeHidden();
    const picture = menuButton.locator('img');
    await expect(picture).toHaveAttribute('src', /^\/media\/avatars\//);
    await expect.poll(() => picture.evaluate((image: { naturalWidth: number }) => image.naturalWidth)).toBeGreaterThan(0);

    const src = (await picture.getAttribute('src'))!;
    const stored = await s3.send(new GetObjectCommand({ Bucket: stack.buckets.avatars, Key: src.slice(1) }));
    const metadata = await sharp(Buffer.from(await stored.Body!.transformToByteArray())).metadata();
    expect(metadata.format).toBe('webp');
    expect(metadata.width).toBe(metadata.height);
    expect(metadata.exif).toBeUndefined();

    const served = await request.get(src);
    expect(served.status()).toBe(200);
    expect(served.headers()['content-type']).toBe('image/webp');
    expect(served.headers()['cache-control']).toBe(`public, max-age=${STORAGE_CACHE_CONTROL_S}`);
  });

  test('a text file named .png, chosen on the account settings, is refused as the wrong type and the picture stays as it was', async ({ page, account }) => {
    await page.goto('/account');
    const menuButton = accountMenu(page, account.fullName);
    await page.getByRole('main').getByRole('button', { name: 'Change Profile Photo' }).click();
    const dialog = page.getByRole('dialog', { name: 'Change Profile Photo' });
    const chooser = page.waitForEvent('filechooser');
    await dialog.getByRole('button', { name: 'Choose a picture' }).click();
    await (await chooser).setFiles({ name: 'holiday.png', mimeType: 'image/png', buffer: Buffer.from('Not a picture at all, only words.\n') });

    await expect(page.getByText(PROFILE_MESSAGES.avatar.wrongType.title)).toBeVisible();
    await expect(page.getByText(PROFILE_MESSAGES.avatar.wrongType.description)).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Choose a picture' })).toBeEnabled();
    await expect(menuButton.locator('img')).toHaveCount(0);
  });

  test('a picture over 2 MB is refused as too large before it is sent', async ({ page, account }) => {
    const sent: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/me/avatar/upload') sent.push(request.url());
    });
    await page.goto('/');
    const dialog = page.getByRole('dialog', { name: 'Change Profile Photo' });
    await chooseFromAccountMenu(page, account.fullName, 'Change Profile Photo', () => expect(dialog).toBeVisible({ timeout: 2_000 }));
    const chooser = page.waitForEvent('filechooser');
    await dialog.getByRole('button', { name: 'Choose a picture' }).click();
    const jpeg = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#336699' } })
      .jpeg()
      .toBuffer();
    await (await chooser).setFiles({ name: 'huge.jpg', mimeType: 'image/jpeg', buffer: Buffer.concat([jpeg, Buffer.alloc(2 * 1024 * 1024)]) });

    await expect(page.getByText(PROFILE_MESSAGES.avatar.tooLarge.title)).toBeVisible();
    await expect(page.getByText(PROFILE_MESSAGES.avatar.tooLarge.description)).toBeVisible();
    expect(sent).toEqual([]);
  });
});
