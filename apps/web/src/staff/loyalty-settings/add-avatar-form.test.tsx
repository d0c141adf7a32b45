// @vitest-environment jsdom
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, test } from 'vitest';
import { bytesBase64 } from '@testerhub/shared/avatar-image';
import { AVATAR_IMAGE_LIMITS, AVATAR_SETTINGS_TEXTS as T, type StaffAvatarsResponse } from '@testerhub/shared/avatar-settings-schemas';
import { fakeApi } from '../../../test/fake-api';
import { WithPortalQuery } from '../../../test/portal-query';
import { AvatarsSection } from './avatars-section';

const api = fakeApi();

const LIST: StaffAvatarsResponse = {
  status: 'succeed',
  highestLevel: 10,
  avatars: [
    {
      imageId: 1,
      fileName: 'avatar-01.svg',
      imageSrc: '/media/avatars/avatar-01.svg',
      requireLevel: 1,
      hidden: false,
      version: 1,
      wornBy: 0,
    },
  ],
};
const ADDED = {
  imageId: 7,
  fileName: 'added-0123456789abcdef.png',
  imageSrc: '/api/content/Avatar/added-0123456789abcdef.png',
  requireLevel: 3,
  hidden: false,
  version: 1,
  wornBy: 0,
};

/** A PNG's signature and IHDR (what the check reads), width by height. */
function pngHeader(width: number, height: number) {
  const bytes = new Uint8Array(33);
  bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
  new DataView(bytes.buffer).setUint32(16, width);
  new DataView(bytes.buffer).setUint32(20, height);
  return bytes;
}

async function renderForm() {
  // applyAccept off: a staff member may pick "All files" in the file chooser, and the form must still refuse.
  const user = userEvent.setup({ applyAccept: false });
  render(
    <MemoryRouter>
      <WithPortalQuery>
        <AvatarsSection />
      </WithPortalQuery>
    </MemoryRouter>,
  );
  const form = within(await screen.findByRole('form', { name: 'Add a picture' }));
  return { user, form, file: form.getByLabelText('Picture file') };
}

const sent = () => api.calls.filter((call) => call.path === '/staff/content/AddAvatar');

describe('adding a picture in the Avatars section (decision 068)', () => {
  test('refuses at the file field, without sending, a GIF named .png, an SVG, a file too big and one not square', async () => {
    api.answers['/staff/content/Avatars'] = { body: LIST };
    const { user, form, file } = await renderForm();
    expect(file).toHaveAccessibleDescription(
      expect.stringContaining('PNG, JPEG or WebP, square, 64 to 1024 pixels a side, at most 256 KB.'),
    );
    const cases: [File, string][] = [
      [new File([new TextEncoder().encode('GIF89a@\0@\0'), new Uint8Array(30)], 'face.png', { type: 'image/png' }), T.imageType],
      [
        new File(['<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'], 'face.svg', { type: 'image/svg+xml' }),
        T.imageSvg,
      ],
      [new File([pngHeader(128, 128), new Uint8Array(AVATAR_IMAGE_LIMITS.maxBytes)], 'big.png', { type: 'image/png' }), T.imageTooBig],
      [new File([pngHeader(640, 480)], 'wide.png', { type: 'image/png' }), T.imageNotSquare(640, 480)],
    ];
    for (const [chosen, message] of cases) {
      await user.upload(file, chosen);
      expect(await form.findByText(message)).toBeInTheDocument();
      expect(file).toHaveAttribute('aria-invalid', 'true');
      expect(file).toHaveAccessibleDescription(expect.stringContaining(message));
      expect(form.queryByRole('img', { name: 'The chosen picture' })).toBeNull();
    }
    await user.click(form.getByRole('button', { name: 'Add picture' }));
    expect(form.getByText(T.imageNotSquare(640, 480))).toBeInTheDocument();
    expect(sent()).toHaveLength(0);
  });

  test('previews a picture read from its bytes, sends it with its level and visibility, then starts afresh', async () => {
    let added = false;
    api.answers['/staff/content/Avatars'] = () => ({ body: added ? { ...LIST, avatars: [...LIST.avatars, ADDED] } : LIST });
    api.answers['/staff/content/AddAvatar'] = () => {
      added = true;
      return { body: { status: 'succeed', message: T.added(ADDED.fileName), avatar: ADDED } };
    };
    const { user, form, file } = await renderForm();
    await user.click(form.getByRole('button', { name: 'Add picture' }));
    expect(await form.findByText(T.imageMissing)).toBeInTheDocument();

    // Named .gif and typed as one by the browser: the bytes say PNG, and PNG it is.
    const bytes = pngHeader(128, 128);
    await user.upload(file, new File([bytes], 'face.gif', { type: 'image/gif' }));
    const preview = await form.findByRole('img', { name: 'The chosen picture' });
    expect(preview.getAttribute('src')).toBe(`data:image/png;base64,${bytesBase64(bytes)}`);
    expect(file).not.toHaveAttribute('aria-invalid', 'true');

    const level = form.getByLabelText(/Unlocks at level/);
    await user.clear(level);
    await user.type(level, '11');
    await user.click(form.getByRole('button', { name: 'Add picture' }));
    expect(level).toHaveAccessibleDescription(expect.stringContaining(T.levelInvalid(10)));
    expect(sent()).toHaveLength(0);

    await user.clear(level);
    await user.type(level, '3');
    const hidden = form.getByRole('checkbox', { name: /Hidden from testers’ choice/ });
    expect(hidden).toBeChecked();
    await user.click(hidden);
    await user.click(form.getByRole('button', { name: 'Add picture' }));
    expect(await screen.findByRole('article', { name: ADDED.fileName })).toBeInTheDocument();
    expect(sent().map((call) => call.body)).toEqual([{ image: bytesBase64(bytes), requireLevel: 3, hidden: false }]);
    const region = within(screen.getByRole('region', { name: 'Add a picture' }));
    expect(region.getByRole('status')).toHaveTextContent(T.added(ADDED.fileName));
    // The form starts afresh for the next picture (a new form element).
    const fresh = within(screen.getByRole('form', { name: 'Add a picture' }));
    expect(fresh.queryByRole('img', { name: 'The chosen picture' })).toBeNull();
    expect(fresh.getByLabelText(/Unlocks at level/)).toHaveValue('1');
    expect(fresh.getByRole('checkbox', { name: /Hidden from testers’ choice/ })).toBeChecked();
  });

  test('shows the server’s refusal at its field', async () => {
    api.answers['/staff/content/Avatars'] = { body: LIST };
    api.answers['/staff/content/AddAvatar'] = { body: { status: 'failed', message: T.imageUnreadable, field: 'image' } };
    const { user, form, file } = await renderForm();
    await user.upload(file, new File([pngHeader(64, 64)], 'face.png', { type: 'image/png' }));
    await form.findByRole('img', { name: 'The chosen picture' });
    await user.click(form.getByRole('button', { name: 'Add picture' }));
    expect(await form.findByText(T.imageUnreadable)).toBeInTheDocument();
    expect(file).toHaveAccessibleDescription(expect.stringContaining(T.imageUnreadable));
  });
});
