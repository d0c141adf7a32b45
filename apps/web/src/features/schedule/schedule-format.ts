// The formatting lives in the shared package: the schedule e-mails (server) write the same texts.
export {
  formatCompensation,
  formatDate,
  formatMoment,
  formatSession,
  formatTime,
  ordinal,
  zoneName,
} from '@testerhub/shared/schedule-format';
