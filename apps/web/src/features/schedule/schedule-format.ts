// The formatting lives in the shared package: the schedule e-mails (server) write the same texts.
export {
  formatCompensation,
  formatDate,
  formatMoment,
  formatSession,
  formatTime,
  ordinal,
  PICK_UP_DATE_LABELS,
  zoneName,
} from '@testerhub/shared/schedule-format';
