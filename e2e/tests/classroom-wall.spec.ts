import { expect, test } from '@playwright/test';
import { noSidewaysScroll } from './page-helpers';
import { familyOfTwo, phoneBrowser, signInByPhone } from './portal-helpers';
import { filledText, text } from './texts';

/**
 * The classroom wall: a teacher's pinned announcement reaches the student's family portal, the
 * student comments, and the teacher removes the comment; the parent reads it in Bangla.
 */
test('a pinned announcement reaches the portal, the student comments and the teacher removes it', async ({
  page,
  browser,
}) => {
  test.slow();
  const family = await familyOfTwo(page, 'Wall');
  const [rafi] = family.children;
  const announcement = `Class test on Sunday, chapters 3 and 4 (${rafi.id.slice(-4)})`;

  // The teacher posts from the classroom's Wall tab, pinned.
  const classroomPage = `/teacher/classrooms/${family.accountId}/${family.classroomId}`;
  await page.goto(classroomPage);
  await page.getByRole('tab', { name: text('en', 'wall:tab') }).click();
  await expect(page.getByTestId('wall-empty')).toBeVisible();
  await page.getByTestId('wall-text').fill(announcement);
  await page.getByTestId('wall-pinned').click();
  await page.getByTestId('wall-post').click();
  const card = page.getByTestId('wall-post-card').filter({ hasText: announcement });
  await expect(card.getByTestId('wall-pinned-tag')).toBeVisible();

  // The student reads it on a phone, pinned, and comments.
  const student = await phoneBrowser(browser);
  await signInByPhone(student, rafi.phone);
  await student.getByTestId('portal-menu-wall').click();
  await expect(student).toHaveURL(/\/student\/wall/);
  const post = student.getByTestId('wall-post').filter({ hasText: announcement });
  await expect(post.getByTestId('wall-pinned')).toHaveText(text('en', 'portal:wall.pinned'));
  await post.getByTestId('wall-comment-text').fill('Will chapter 5 be included?');
  await post.getByTestId('wall-comment-send').click();
  await expect(post.getByTestId('wall-comment')).toContainText('Will chapter 5 be included?');
  await noSidewaysScroll(student, 'student wall at 375 px');

  // The teacher sees the comment and removes it, after confirming.
  await page.reload();
  await page.getByRole('tab', { name: text('en', 'wall:tab') }).click();
  await expect(card.getByTestId('wall-comment')).toContainText('Will chapter 5 be included?');
  await card.getByTestId('wall-remove-comment').click();
  await page
    .locator('.ant-popconfirm')
    .getByRole('button', { name: text('en', 'wall:post.removeComment') })
    .click();
  await expect(card.getByTestId('wall-comment')).toHaveCount(0);

  await student.reload();
  await expect(post).toBeVisible();
  await expect(post.getByTestId('wall-comment')).toHaveCount(0);
  await student.context().close();

  // The parent reads the wall in Bangla, with no comment box: parents read only.
  const parent = await phoneBrowser(browser, 'bn');
  await signInByPhone(parent, family.parentPhone);
  await parent.goto(`/parent/wall?student=${rafi.id}`);
  await expect(
    parent.getByRole('heading', {
      level: 1,
      name: filledText('bn', 'portal:wall.title', { name: rafi.name }),
    }),
  ).toBeVisible();
  const read = parent.getByTestId('wall-post').filter({ hasText: announcement });
  await expect(read.getByTestId('wall-pinned')).toHaveText(text('bn', 'portal:wall.pinned'));
  await expect(read.getByTestId('wall-comment-text')).toHaveCount(0);
  await noSidewaysScroll(parent, 'parent wall in Bangla at 375 px');
  await parent.context().close();
});
