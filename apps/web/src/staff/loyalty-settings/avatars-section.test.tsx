// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { AVATAR_SETTINGS_TEXTS, type StaffAvatar, type StaffAvatarsResponse } from '@testerhub/shared/avatar-settings-schemas';
import { fakeApi } from '../../../test/fake-api';
import { renderStaffSection } from '../../../test/staff-pages';
import { AvatarsSection } from './avatars-section';

const api = fakeApi();

const avatar = (imageId: number, requireLevel: number, changes: Partial<StaffAvatar> = {}): StaffAvatar => ({
  imageId,
  fileName: `avatar-0${imageId}.svg`,
  imageSrc: `/media/avatars/avatar-0${imageId}.svg`,
  requireLevel,
  hidden: false,
  version: 1,
  wornBy: 0,
  ...changes,
});
const LIST: StaffAvatarsResponse = {
  status: 'succeed',
  highestLevel: 10,
  avatars: [avatar(1, 1, { wornBy: 12 }), avatar(2, 1), avatar(6, 5, { hidden: true, wornBy: 1, version: 4 })],
};

function renderSection() {
  return renderStaffSection(<AvatarsSection />);
}

const card = async (fileName: string) => within(await screen.findByRole('article', { name: fileName }));
const bodyOf = (path: string) => api.calls.find((call) => call.path === path)?.body;

describe('the Avatars section of the loyalty settings (decision 068)', () => {
  test('lists each picture with its level, visibility and wearers, and saves a changed level and visibility', async () => {
    let saved = false;
    const afterSave = { ...LIST, avatars: [...LIST.avatars.slice(0, 2), avatar(6, 7, { version: 5, wornBy: 1 })] };
    api.answers['/staff/content/Avatars'] = () => ({ body: saved ? afterSave : LIST });
    api.answers['/staff/content/SaveAvatar'] = () => {
      saved = true;
      return { body: { status: 'succeed', message: AVATAR_SETTINGS_TEXTS.saved('avatar-06.svg'), avatar: afterSave.avatars[2] } };
    };
    const user = renderSection();
    const six = await card('avatar-06.svg');
    expect(six.getByText(/Hidden · worn by 1 tester$/)).toBeInTheDocument();
    expect((await card('avatar-01.svg')).getByText(/Offered · worn by 12 testers/)).toBeInTheDocument();
    const level = six.getByLabelText(/Unlocks at level/);
    expect(level).toHaveValue('5');
    expect(level).toHaveAccessibleDescription('1 to 10');
    const hidden = six.getByRole('checkbox', { name: 'Hidden from testers’ choice' });
    expect(hidden).toBeChecked();

    await user.clear(level);
    await user.type(level, '7');
    await user.click(hidden);
    await user.click(six.getByRole('button', { name: 'Save avatar-06.svg' }));
    expect(bodyOf('/staff/content/SaveAvatar')).toEqual({ imageId: 6, version: 4, requireLevel: 7, hidden: false });
    // The list is read again: the card shows the stored picture, and the outcome stays.
    expect(await six.findByText(/Offered · worn by 1 tester$/)).toBeInTheDocument();
    expect(six.getByRole('status')).toHaveTextContent(AVATAR_SETTINGS_TEXTS.saved('avatar-06.svg'));
    expect(six.getByLabelText(/Unlocks at level/)).toHaveValue('7');
    expect(six.getByRole('checkbox', { name: 'Hidden from testers’ choice' })).not.toBeChecked();
  });

  test('refuses a level above the highest at its field without sending, and shows the server’s refusal at its field', async () => {
    api.answers['/staff/content/Avatars'] = { body: LIST };
    api.answers['/staff/content/SaveAvatar'] = {
      body: { status: 'failed', message: AVATAR_SETTINGS_TEXTS.lastForNewcomers, field: 'hidden' },
    };
    const user = renderSection();
    const two = await card('avatar-02.svg');
    const level = two.getByLabelText(/Unlocks at level/);
    await user.clear(level);
    await user.type(level, '11');
    await user.click(two.getByRole('button', { name: 'Save avatar-02.svg' }));
    expect(level).toHaveAttribute('aria-invalid', 'true');
    expect(level).toHaveAccessibleDescription(expect.stringContaining(AVATAR_SETTINGS_TEXTS.levelInvalid(10)));
    expect(bodyOf('/staff/content/SaveAvatar')).toBeUndefined();

    await user.clear(level);
    await user.type(level, '1');
    const hidden = two.getByRole('checkbox', { name: 'Hidden from testers’ choice' });
    await user.click(hidden);
    await user.click(two.getByRole('button', { name: 'Save avatar-02.svg' }));
    expect(await two.findByRole('alert')).toHaveTextContent(AVATAR_SETTINGS_TEXTS.lastForNewcomers);
    expect(hidden).toHaveAttribute('aria-invalid', 'true');
    expect(hidden).toHaveAccessibleDescription(AVATAR_SETTINGS_TEXTS.lastForNewcomers);
  });

  test('shows an error with Try again when the list fails, an empty state, and loads on retry', async () => {
    api.answers['/staff/content/Avatars'] = { status: 500, body: { message: 'Server fault' } };
    const user = renderSection();
    const alert = await screen.findByRole('alert');
    api.answers['/staff/content/Avatars'] = { body: { ...LIST, avatars: [] } };
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('There are no profile pictures yet.')).toBeInTheDocument();
  });
});
