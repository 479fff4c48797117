import type { BrowserContext, Page } from 'playwright-core';

/**
 * A new account meets the onboarding (apps/web/src/features/onboarding): the register-success dialog after
 * signing up through the form, the account setup that cannot be closed until saved, then the product tour.
 * Specs about something else should not meet it at all: a dialog that opens a moment after their next click
 * would close what that click opened. So their browsers (support/browser.ts) skip it: an account that signs
 * in through the page (the sign-up form, OAuth) has its setup acknowledged through the API as its answer
 * arrives, before the page reloads, and the register-success mark the sign-up form leaves is dropped. The
 * tour starts only after the setup dialog or when asked for, so it does not come either.
 * e2e/onboarding.e2e.ts tests the onboarding itself and opens its browsers without this.
 */
export async function skipOnboarding(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    try {
      // features/session/newAccount.ts
      sessionStorage.removeItem('mirage:new-account');
    } catch {
      // No storage (an opaque origin such as about:blank): nothing to drop.
    }
  });
  await context.route(/\/api\/user\/(create|login|login\/oauth)$/, async (route) => {
    const response = await route.fetch();
    const body = (await response.json().catch(() => null)) as { user?: { tag_setting_ack?: boolean } } | null;
    if (response.ok() && body?.user?.tag_setting_ack === false) {
      const cookie = response
        .headersArray()
        .filter((header) => header.name.toLowerCase() === 'set-cookie')
        .map((header) => header.value.split(';')[0])
        .join('; ');
      await acknowledgeSetup(new URL(route.request().url()).origin, { cookie });
    }
    await route.fulfill({ response });
  });
}

/**
 * The safety net behind skipOnboarding: gets through the onboarding the way a user would, whenever it shows
 * anyway (Playwright runs these handlers before its next action finds the dialog in the way).
 */
export async function passOnboardingWhenShown(page: Page): Promise<void> {
  await page.addLocatorHandler(page.getByTestId('register-success'), async () => {
    await page.keyboard.press('Escape');
  });
  await page.addLocatorHandler(page.getByTestId('account-setup'), async (dialog) => {
    await dialog.getByTestId('setup-save').click();
  });
  await page.addLocatorHandler(page.getByTestId('tour'), async (card) => {
    await card.getByTestId('tour-close').click();
  });
}

/**
 * Acknowledges the account setup through the API (POST /api/user/update), as saving the dialog does, so
 * that an account made for a spec opens no dialog at all. `cookie` is the session's Cookie header when the
 * call is not made from a page.
 */
export async function acknowledgeSetup(baseUrl: string, via: Page | { cookie: string }): Promise<void> {
  const data = { user: { tag_setting_ack: true } };
  const status =
    'cookie' in via
      ? (
          await fetch(`${baseUrl}/api/user/update`, {
            method: 'POST',
            headers: { origin: baseUrl, 'content-type': 'application/json', cookie: via.cookie },
            body: JSON.stringify(data),
          })
        ).status
      : (
          await via.request.post(`${baseUrl}/api/user/update`, { data, headers: { origin: baseUrl } })
        ).status();
  if (status !== 200) throw new Error(`acknowledging the account setup: ${status}`);
}

/** The Cookie header that sends back the cookies of a fetch answer's Set-Cookie headers. */
export function cookieHeaderOf(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
}
