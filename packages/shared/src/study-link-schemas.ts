import { z } from 'zod';
import { text, UUID_PATTERN } from './text.ts';

/**
 * The login-time study-link calls (spec 2, sections 4 and 7 "Login-time study links"; decision 026).
 * A link brings s (the study's GUID), t (the tester's id), d (its signed data) and, for a child,
 * k (the kid's GUID); the browser keeps them in sessionStorage and sends them here after login.
 */

const guid = (name: string) =>
  text(`The ${name} holds characters that are not allowed.`, { error: () => `The ${name} is missing.` })
    .max(64, `The ${name} is not valid.`)
    .regex(UUID_PATTERN, `The ${name} is not valid.`);

/** A GUID, or nothing ('' when the link had none). */
const optionalGuid = (name: string) =>
  text(`The ${name} holds characters that are not allowed.`, { error: () => `The ${name} must be text.` })
    .max(64, `The ${name} is not valid.`)
    .refine((value) => value === '' || UUID_PATTERN.test(value), `The ${name} is not valid.`)
    .optional()
    .default('');

/** The link's d: a signed token; '' when the link had none (the call then answers an invalid link, not 400). */
const linkData = text('The link data holds characters that are not allowed.', { error: () => 'The link data must be text.' })
  .max(2048, 'The link data is too long.')
  .optional()
  .default('');

/** CheckParticipantType: the study's GUID as a bare JSON string. */
export const checkParticipantTypeSchema = guid('study id');

export const getQueStatusIdSchema = z.object({
  studyGuid: guid('study id'),
  testerGuid: guid('tester id'),
  data: linkData,
  kidGuid: optionalGuid('kid id'),
});
export type GetQueStatusIdRequest = z.input<typeof getQueStatusIdSchema>;

export const getStudyInfoSchema = z.object({
  study: guid('study id'),
  tester: guid('tester id'),
  data: linkData,
});
export type GetStudyInfoRequest = z.input<typeof getStudyInfoSchema>;

export const getKidStudyInfoSchema = z.object({
  study: guid('study id'),
  tester: guid('tester id'),
  kid: optionalGuid('kid id'),
  data: linkData,
});
export type GetKidStudyInfoRequest = z.input<typeof getKidStudyInfoSchema>;

/** CheckParticipantType's answer; status 'invalid study' (with zeros) for a GUID that names no study. */
export const checkParticipantTypeResponseSchema = z.object({
  status: z.enum(['succeed', 'invalid study']),
  participantTypeID: z.number().int(),
  /** Whether this tester already has a finished screener result for the study. */
  resultQueExisted: z.boolean(),
  studyNo: z.number().int(),
  minimumAge: z.number().int(),
});
export type CheckParticipantTypeResponse = z.infer<typeof checkParticipantTypeResponseSchema>;

export const QUE_STATUSES = ['common', 'ts', 'hasSchedule', 'differentAccount', 'invalid study'] as const;
export type QueStatus = (typeof QUE_STATUSES)[number];
export const getQueStatusIdResponseSchema = z.object({ status: z.enum(QUE_STATUSES), data: z.string() });
export type GetQueStatusIdResponse = z.infer<typeof getQueStatusIdResponseSchema>;

export const STUDY_INFO_STATUSES = ['other', 'child', 'succeed', 'external', 'noSeat'] as const;
export type StudyInfoStatus = (typeof STUDY_INFO_STATUSES)[number];
/** What the link leads to next (the answer's f). */
export const STUDY_LINK_STEPS = ['screener', 'selfSchedule', 'screenerList', 'child', 'outside', 'none'] as const;
export type StudyLinkStep = (typeof STUDY_LINK_STEPS)[number];
export const getStudyInfoResponseSchema = z.object({
  status: z.enum(STUDY_INFO_STATUSES),
  /** Where to go: a path of this site, or an allow-listed https address (external); '' when nowhere. */
  url: z.string(),
  f: z.enum(STUDY_LINK_STEPS),
  /** True when url leaves this site. */
  e: z.boolean(),
  studyNo: z.number().int(),
  /** The link's d, to keep for the next step. */
  data: z.string(),
});
export type GetStudyInfoResponse = z.infer<typeof getStudyInfoResponseSchema>;

export const KID_STUDY_STATUSES = ['other', 'kidOnly', 'succeed'] as const;
export type KidStudyStatus = (typeof KID_STUDY_STATUSES)[number];
export const getKidStudyInfoResponseSchema = z.object({
  status: z.enum(KID_STUDY_STATUSES),
  url: z.string(),
  studyNo: z.number().int(),
  data: z.string(),
});
export type GetKidStudyInfoResponse = z.infer<typeof getKidStudyInfoResponseSchema>;
