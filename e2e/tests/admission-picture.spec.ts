import { expect, test } from '@playwright/test';
import { applications, button, expectPage, institution, PNG, shot } from './admission-wizard-helpers';
import { CSRF, open, unique, uniquePhone } from './page-helpers';
import { text } from './texts';

/**
 * The applicant's picture in the public wizard (spec part 1 §5 page 3): the server takes a
 * picture only on an application of the form that uploaded it, once and within a day, so a
 * wizard whose picture was used meanwhile asks for it again on the picture page instead of
 * refusing the whole application on the review.
 */

test('a picture the server no longer takes (used from another tab) is asked for again on its page, in Bangla', async ({
  page,
}) => {
  test.slow();
  await page.setViewportSize({ width: 375, height: 740 });
  const school = await institution(page, 'AdmitPic', { collectPicture: true }, 'bn');
  await open(page, `/s-online-admission?key=${school.accountId}&course=${school.classroomId}`);
  await button(page, 'bn', 'nav.letsGo').click();
  const name = `সাদিয়া ${unique().slice(-5)}`;
  await page.getByLabel(text('bn', 'admission:name.label'), { exact: true }).fill(name);
  await button(page, 'bn', 'nav.next').click();
  await page.getByLabel(text('bn', 'admission:phone.label'), { exact: true }).fill(uniquePhone('018'));
  await button(page, 'bn', 'nav.next').click();

  const picture = page.locator('#admission-picture');
  const upload = async () => {
    await expectPage(page, 'bn', 'picture');
    const answered = page.waitForResponse((r) => r.url().endsWith('/picture') && r.status() === 201);
    await picture.setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG });
    const { avatarUrl } = (await (await answered).json()) as { avatarUrl: string };
    await expect(page.getByTestId('admission-toast')).toContainText(text('bn', 'admission:picture.done'));
    await button(page, 'bn', 'nav.next').click();
    await expectPage(page, 'bn', 'details');
    await button(page, 'bn', 'nav.next').click();
    await expectPage(page, 'bn', 'review');
    return avatarUrl;
  };
  const first = await upload();
  // Another tab of the same form sends it first: the picture is issued for one application only.
  const other = await page.request.post(`/api/public/admission/${school.accountId}/applications`, {
    data: { name: 'Other tab', phone: uniquePhone('019'), details: 'Physics', avatarURL: first },
    headers: CSRF,
  });
  expect(other.status(), await other.text()).toBe(201);

  await button(page, 'bn', 'nav.submit').click();
  await expectPage(page, 'bn', 'picture');
  await expect(page.getByTestId('admission-toast')).toContainText(
    text('bn', 'domain:ADMISSION_PICTURE_INVALID'),
  );
  await expect(page.getByRole('img', { name: text('bn', 'admission:picture.preview') })).toHaveCount(0);
  await expect(button(page, 'bn', 'nav.next')).toBeDisabled();
  await shot(page, 'picture-again-bn-375');

  const second = await upload();
  await button(page, 'bn', 'nav.submit').click();
  await expectPage(page, 'bn', 'success');
  const mine = (await applications(page, school.accountId)).find((a) => a.name === name);
  expect(mine?.avatarUrl).toBe(second);
  expect(second).not.toBe(first);
});
