import { expect } from 'vitest';
import type { StaffAvatar, StaffAvatarsResponse } from '@testerhub/shared/avatar-settings-schemas';
import { avatarImages } from '../src/modules/profile/profile-tables.ts';
import { getWith, postJson } from './account-helpers.ts';
import type { TestApp } from './test-app.ts';

/**
 * The calls the added-picture tests make (avatar-add*.test.ts, avatar-reencode.test.ts,
 * avatar-refusals.test.ts): add (shown or hidden by default, as `addedHidden` says), list, hide,
 * serve, what a tester is offered, and how many pictures are stored.
 */
export function avatarCalls(testApp: TestApp, { addedHidden }: { addedHidden: boolean }) {
  const add = (cookie: string, image: Uint8Array | string, fields: { requireLevel?: number; hidden?: boolean } = {}) =>
    postJson(
      testApp.app,
      '/api/staff/content/AddAvatar',
      {
        image: typeof image === 'string' ? image : Buffer.from(image).toString('base64'),
        requireLevel: 1,
        hidden: addedHidden,
        ...fields,
      },
      { cookie },
    );
  const added = async (cookie: string, image: Uint8Array) => {
    const answer = await add(cookie, image);
    expect(answer.json(), answer.body).toMatchObject({ status: 'succeed' });
    return (answer.json() as { avatar: StaffAvatar }).avatar;
  };
  const served = async (src: string) => {
    const answer = await getWith(testApp.app, src);
    expect(answer.statusCode, src).toBe(200);
    return { type: answer.headers['content-type'], bytes: answer.rawPayload };
  };
  const storedPictures = async () => (await testApp.database.db.select({ fileName: avatarImages.fileName }).from(avatarImages)).length;
  const staffList = async (cookie: string) =>
    ((await getWith(testApp.app, '/api/staff/content/Avatars', { cookie })).json() as StaffAvatarsResponse).avatars;
  const picture = async (cookie: string, fileName: string) => (await staffList(cookie)).find((row) => row.fileName === fileName)!;
  const hide = (cookie: string, avatar: StaffAvatar) =>
    postJson(
      testApp.app,
      '/api/staff/content/SaveAvatar',
      { imageId: avatar.imageId, version: avatar.version, requireLevel: avatar.requireLevel, hidden: true },
      { cookie },
    );
  const offered = async (cookie: string) =>
    (await getWith(testApp.app, '/api/profile/GetProfilePic', { cookie })).json() as {
      imageID: number;
      fileName: string;
      imageSrc: string;
      requireLevel: number;
    }[];
  return { add, added, served, storedPictures, staffList, picture, hide, offered };
}
