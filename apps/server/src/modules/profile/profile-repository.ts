import { and, asc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../core/db/client.ts';
import { avatarImages, avatars, levelAcknowledgements } from './profile-tables.ts';

/** The level every tester starts at: what a tester with no acknowledgement row has been told. */
export const FIRST_LEVEL = 1;

export function createProfileRepository(db: Executor) {
  return {
    /** The level-ups the tester has seen, for the tester's data export (decision 040). */
    async exportOf(testerId: string) {
      return { levelAcknowledgements: await db.select().from(levelAcknowledgements).where(eq(levelAcknowledgements.testerId, testerId)) };
    },

    listAvatars: () => db.select().from(avatars).orderBy(asc(avatars.requireLevel), asc(avatars.imageId)),

    /** Every picture locked, in id order (one order for all savers, so two saves never deadlock): a staff save's first step (decision 068). */
    /** Shown pictures needing a level above `level` (a levels save's check, decision 071). */
    shownAbove: (level: number) =>
      db
        .select({ fileName: avatars.fileName, requireLevel: avatars.requireLevel })
        .from(avatars)
        .where(and(eq(avatars.hidden, false), gt(avatars.requireLevel, level)))
        .orderBy(asc(avatars.imageId)),

    lockAvatars: () => db.select().from(avatars).orderBy(asc(avatars.imageId)).for('update'),

    /** The picture's level and visibility if it is still at `version`, which then rises; null when someone saved first. */
    async saveAvatar(imageId: number, version: number, fields: { requireLevel: number; hidden: boolean }) {
      const [row] = await db
        .update(avatars)
        .set({ ...fields, version: sql`${avatars.version} + 1` })
        .where(and(eq(avatars.imageId, imageId), eq(avatars.version, version)))
        .returning();
      return row ?? null;
    },

    /** A new picture and its re-encoded bytes (decisions 068, 078): version 1, as every picture starts. */
    async addAvatar(
      picture: { fileName: string; requireLevel: number; hidden: boolean },
      image: { contentType: string; bytes: Uint8Array; width: number; height: number; addedAt: Date; reencodedAt: Date },
    ) {
      const [row] = await db.insert(avatars).values(picture).returning();
      await db.insert(avatarImages).values({ fileName: picture.fileName, ...image });
      return row!;
    },

    /** An added picture's bytes and type, for serving it, and whether the server wrote them; null for a name never added. */
    async avatarImage(fileName: string) {
      const [row] = await db
        .select({ contentType: avatarImages.contentType, bytes: avatarImages.bytes, reencodedAt: avatarImages.reencodedAt })
        .from(avatarImages)
        .where(eq(avatarImages.fileName, fileName))
        .limit(1);
      return row ?? null;
    },

    /**
     * A picture kept as uploaded (before decision 078) replaced by its re-encoding; only once, so
     * of two requests re-encoding it at once one writes (both serve the same picture).
     */
    async replaceUploadedImage(
      fileName: string,
      image: { contentType: string; bytes: Uint8Array; width: number; height: number; reencodedAt: Date },
    ) {
      await db
        .update(avatarImages)
        .set(image)
        .where(and(eq(avatarImages.fileName, fileName), isNull(avatarImages.reencodedAt)));
    },

    async findAvatar(imageId: number) {
      const [row] = await db.select().from(avatars).where(eq(avatars.imageId, imageId)).limit(1);
      return row ?? null;
    },

    /**
     * Records that the tester was told about `level`; true when that is above what they were told
     * before. Each step is one conditional statement, so of two concurrent checks only one says true.
     */
    async acknowledgeLevel(testerId: string, level: number, at: Date): Promise<boolean> {
      const raised = await db
        .update(levelAcknowledgements)
        .set({ level, acknowledgedAt: at })
        .where(and(eq(levelAcknowledgements.testerId, testerId), lt(levelAcknowledgements.level, level)))
        .returning({ level: levelAcknowledgements.level });
      if (raised.length) return true;
      const inserted = await db
        .insert(levelAcknowledgements)
        .values({ testerId, level, acknowledgedAt: at })
        .onConflictDoNothing()
        .returning({ level: levelAcknowledgements.level });
      return inserted.length === 1 && level > FIRST_LEVEL;
    },
  };
}
