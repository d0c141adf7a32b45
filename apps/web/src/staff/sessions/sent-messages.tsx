import { useId } from 'react';
import { MESSAGE_TEMPLATES } from '@testerhub/shared/staff-message-schemas';
import { requestErrorMessage } from '../../lib/request-error';
import { useSentMessages } from '../api/staff-messages';
import { when } from '../queues/queue-parts';

const RECIPIENTS = { booked: 'booked', waitlisted: 'waiting list', 'booked-and-waitlisted': 'booked and waiting list' } as const;

/** The messages sent to a study's people, newest first (decision 123), notices of cancelled groups included. */
export function SentMessages({ studyNo }: { studyNo: number }) {
  const sent = useSentMessages(studyNo);
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} aria-busy={sent.isFetching}>
      <h2 id={titleId}>Messages sent</h2>
      {sent.isPending && <p aria-busy="true">Loading the messages sent…</p>}
      {sent.isError && (
        <p className="staff-problem" role="alert">
          {requestErrorMessage(sent.error)}
        </p>
      )}
      {sent.data &&
        (sent.data.messages.length === 0 ? (
          <p>No message has been sent to this study’s people.</p>
        ) : (
          <ol className="staff-people" data-testid="sent-messages">
            {sent.data.messages.map((message) => (
              <li key={`${message.sentAt}-${message.subject}`} className="staff-person">
                <p>
                  <strong>{message.subject}</strong> ({MESSAGE_TEMPLATES[message.template].name})
                </p>
                <p>
                  <time dateTime={message.sentAt}>{when(message.sentAt)}</time> by {message.sentBy}, to{' '}
                  {message.group ? `group ${message.group}` : 'the whole study'} ({RECIPIENTS[message.recipients]}): {message.queued} sent
                  {message.skipped > 0 ? `, ${message.skipped} with e-mail off skipped` : ''}.
                </p>
              </li>
            ))}
          </ol>
        ))}
    </section>
  );
}
