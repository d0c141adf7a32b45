import { expect } from 'vitest';
import type { StaffAvatar } from '@testerhub/shared/avatar-settings-schemas';
import { avatarImages } from '../src/modules/profile/profile-tables.ts';
import { getWith, postJson } from './account-helpers.ts';
import type { TestApp } from './test-app.ts';

/** The calls the added-picture tests make (avatar-reencode.test.ts, avatar-refusals.test.ts): add, serve, count what is stored. */
export function avatarCalls(testApp: TestApp) {
  const add = (cookie: string, image: Uint8Array, fields: { requireLevel?: number; hidden?: boolean } = {}) =>
    postJson(
      testApp.app,
      '/api/staff/content/AddAvatar',
      { image: Buffer.from(image).toString('base64'), requireLevel: 1, hidden: true, ...fields },
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
  return { add, added, served, storedPictures };
}
