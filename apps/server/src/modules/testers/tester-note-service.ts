import {
  STAFF_TESTER_TEXTS,
  TESTER_NOTE_DELETE_HOURS,
  TESTER_NOTE_TEXTS,
  TESTER_NOTES_SHOWN,
  type AddTesterNotePayload,
  type DeleteTesterNotePayload,
  type TesterActionResponse,
  type TesterNotesResponse,
} from '@testerhub/shared/staff-testers-schemas';
import type { Clock } from '../../core/clock.ts';
import type { Database, Executor } from '../../core/db/client.ts';
import { foreignKeyOf } from '../../core/db/foreign-key.ts';
import { refusalAnswered, StaffRefusal } from '../../core/audit/audited.ts';
import type { StaffPrincipal, StaffService } from '../staff/staff-service.ts';
import { createTesterNoteRepository } from './tester-note-repository.ts';
import type { TesterService } from './tester-service.ts';

interface TesterNoteDeps {
  clock: Clock;
  testers: Pick<TesterService, 'findById'>;
  /** The audit unit of work, and the authors' names (the staff module's own read). */
  staff: Pick<StaffService, 'audited' | 'staffNames'>;
}

const DELETE_WINDOW_MS = TESTER_NOTE_DELETE_HOURS * 3600_000;

/**
 * Staff notes on a tester (issue 29; decision 116). Each add and delete is audited against the
 * tester; the audit row holds the note's id and length, never its text, so a deleted note is gone.
 */
export function createTesterNoteService(db: Database, deps: TesterNoteDeps) {
  const notes = createTesterNoteRepository(db);
  const target = (testerId: string) => ({ type: 'tester', id: testerId });

  return {
    /** How many notes the tester has (a merge's preview, decision 144). */
    countOf: (testerId: string) => notes.countOf(testerId),

    /** A merge's part (decision 144): the notes on the newer account read on the older one, inside the merge's unit of work. */
    moveAll: (fromTesterId: string, toTesterId: string, tx: Executor) => createTesterNoteRepository(tx).moveAll(fromTesterId, toTesterId),

    /** The newest notes first, each saying whether the staff member asking may still delete it. */
    async list(actor: StaffPrincipal, testerId: string): Promise<TesterNotesResponse> {
      if (!(await deps.testers.findById(testerId)))
        return { status: 'failed', message: STAFF_TESTER_TEXTS.testerUnknown, notes: [], hasMore: false };
      const rows = await notes.listOf(testerId, TESTER_NOTES_SHOWN);
      const authors = await deps.staff.staffNames([...new Set(rows.map((row) => row.staffId))]);
      const writtenAfter = deps.clock.now().getTime() - DELETE_WINDOW_MS;
      return {
        status: 'succeed',
        message: '',
        hasMore: rows.length > TESTER_NOTES_SHOWN,
        notes: rows.slice(0, TESTER_NOTES_SHOWN).map((row) => ({
          noteId: row.id,
          text: row.text,
          authorName: authors.get(row.staffId) ?? '',
          createdAt: row.createdAt.toISOString(),
          deletable: row.staffId === actor.id && row.createdAt.getTime() > writtenAfter,
        })),
      };
    },

    async add(actor: StaffPrincipal, input: AddTesterNotePayload): Promise<TesterActionResponse> {
      if (!(await deps.testers.findById(input.testerId))) return { status: 'failed', message: STAFF_TESTER_TEXTS.testerUnknown };
      return refusalAnswered(() =>
        deps.staff.audited(actor.id, 'tester.note-add', target(input.testerId), async (tx) => {
          const noteId = await createTesterNoteRepository(tx)
            .insert({ testerId: input.testerId, staffId: actor.id, text: input.text, createdAt: deps.clock.now() })
            .catch((error: unknown) => {
              // The tester was deleted since the check above: nothing is written.
              if (foreignKeyOf(error) === 'tester_notes_tester_id_testers_id_fk') throw new StaffRefusal(STAFF_TESTER_TEXTS.testerUnknown);
              throw error;
            });
          return {
            before: null,
            after: { noteId, characters: input.text.length },
            result: { status: 'succeed' as const, message: TESTER_NOTE_TEXTS.added },
          };
        }),
      );
    },

    /** Only the author, within 24 hours of writing it; the conditional delete decides, so a race deletes once. */
    async delete(actor: StaffPrincipal, input: DeleteTesterNotePayload): Promise<TesterActionResponse> {
      return refusalAnswered(() =>
        deps.staff.audited(actor.id, 'tester.note-delete', target(input.testerId), async (tx) => {
          const repository = createTesterNoteRepository(tx);
          const deleted = await repository.deleteOwn({
            noteId: input.noteId,
            testerId: input.testerId,
            staffId: actor.id,
            writtenAfter: new Date(deps.clock.now().getTime() - DELETE_WINDOW_MS),
          });
          if (!deleted)
            throw new StaffRefusal(
              (await repository.exists(input.noteId, input.testerId)) ? TESTER_NOTE_TEXTS.notDeletable : TESTER_NOTE_TEXTS.noteUnknown,
            );
          return {
            before: { noteId: input.noteId, writtenAt: deleted.createdAt.toISOString(), characters: deleted.text.length },
            after: null,
            result: { status: 'succeed' as const, message: TESTER_NOTE_TEXTS.deleted },
          };
        }),
      );
    },
  };
}

export type TesterNoteService = ReturnType<typeof createTesterNoteService>;
