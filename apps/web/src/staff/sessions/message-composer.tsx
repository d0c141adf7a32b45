import { useId, useState } from 'react';
import {
  MESSAGE_PLACEHOLDERS,
  MESSAGE_RECIPIENTS,
  MESSAGE_TEMPLATE_IDS,
  MESSAGE_TEMPLATES,
  previewMessageSchema,
  type MessageRecipients,
  type MessageTemplateId,
  type PreviewMessageResponse,
} from '@testerhub/shared/staff-message-schemas';
import { SelectField, TextAreaField, TextField } from '../../components/form-field';
import { requestErrorMessage } from '../../lib/request-error';
import { useCancelGroup, usePreviewMessage, useSendMessage } from '../api/staff-messages';

const RECIPIENT_LABELS: Record<MessageRecipients, string> = {
  booked: 'People booked',
  waitlisted: 'People on the waiting list',
  'booked-and-waitlisted': 'People booked and on the waiting list',
};

type Audience = { scope: 'group'; groupId: string; cell: string } | { scope: 'study' };
type Preview = Extract<PreviewMessageResponse, { status: 'succeed' }>;

/** What the fields hold: the template's text until staff edit it. */
function textOf(template: MessageTemplateId) {
  const { en, es } = MESSAGE_TEMPLATES[template];
  return { subject: en.subject, body: en.body, spanishSubject: es?.subject ?? '', spanishBody: es?.body ?? '' };
}

const people = (count: number) => (count === 1 ? '1 person' : `${count} people`);

/**
 * A message to a group's or a study's people from a template (issue 29; decision 123), or, with
 * `cancelling`, the notice of a cancelled group with its reason. The text is editable; a preview
 * shows how many will get it and one of their e-mails, and only then may it be sent (or the group
 * cancelled): editing the text again asks for a new preview, so what is confirmed is what goes.
 */
export function MessageComposer({
  studyNo,
  audience,
  cancelling,
  onDone,
  onClose,
}: {
  studyNo: number;
  audience: Audience;
  /** Cancel the group (its bookings counted) instead of sending a message. */
  cancelling?: { booked: number };
  onDone: (message: string) => void;
  onClose: () => void;
}) {
  const preview = usePreviewMessage();
  const send = useSendMessage(studyNo);
  const cancel = useCancelGroup(studyNo);
  const [recipients, setRecipients] = useState<MessageRecipients>(cancelling ? 'booked-and-waitlisted' : 'booked');
  const [template, setTemplate] = useState<MessageTemplateId>(cancelling ? 'freeText' : 'reminder');
  const [text, setText] = useState(() => textOf(cancelling ? 'freeText' : 'reminder'));
  const [reason, setReason] = useState('');
  const [shown, setShown] = useState<Preview | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  // One id per message: a resend of the same message (a retry, a double click) queues nobody twice.
  const [requestId, setRequestId] = useState(() => crypto.randomUUID());
  const titleId = useId();
  const where = audience.scope === 'group' ? `group ${audience.cell}` : `study ${studyNo}`;
  const translated = MESSAGE_TEMPLATES[template].es !== null;
  const pending = preview.isPending || send.isPending || cancel.isPending;

  const edited =
    <T,>(apply: (value: T) => void) =>
    (value: T) => {
      apply(value);
      setShown(null);
      setProblem(null);
    };
  const messageText = () => ({
    template,
    subject: text.subject,
    body: text.body,
    ...(translated ? { spanishSubject: text.spanishSubject, spanishBody: text.spanishBody } : {}),
  });
  const payload = () => ({
    ...(audience.scope === 'group' ? { scope: 'group' as const, groupId: audience.groupId } : { scope: 'study' as const, studyNo }),
    recipients,
    ...messageText(),
  });

  const showPreview = async () => {
    setProblem(null);
    if (cancelling && !reason.trim()) return setProblem('Say why the group is cancelled: the audit log keeps the reason.');
    const checked = previewMessageSchema.safeParse(payload());
    if (!checked.success) return setProblem(checked.error.issues[0]?.message ?? 'Check the message.');
    try {
      const answer = await preview.mutateAsync(checked.data);
      if (answer.status === 'succeed') setShown(answer);
      else setProblem(answer.message);
    } catch (error) {
      setProblem(requestErrorMessage(error));
    }
  };

  const confirm = async () => {
    setProblem(null);
    try {
      const answer =
        cancelling && audience.scope === 'group'
          ? await cancel.mutateAsync({ groupId: audience.groupId, reason, notice: messageText() })
          : await send.mutateAsync({ ...payload(), requestId });
      if (answer.status === 'succeed') {
        setRequestId(crypto.randomUUID());
        onDone(answer.message);
      } else setProblem(answer.message);
    } catch (error) {
      setProblem(requestErrorMessage(error));
    }
  };

  return (
    <section className="staff-group-people" aria-labelledby={titleId}>
      <h3 id={titleId}>{cancelling ? `Cancel ${where}` : `Message the people of ${where}`}</h3>
      {cancelling ? (
        <>
          <p>
            Every booking is cancelled and each tester is e-mailed the cancellation; the group closes and its waiting list ends. Everyone
            booked or waiting gets the notice below.
          </p>
          <TextField
            label="Reason for cancelling"
            hint="Kept in the audit log."
            autoComplete="off"
            maxLength={500}
            value={reason}
            onChange={(event) => edited(setReason)(event.target.value)}
          />
        </>
      ) : (
        <SelectField
          label="Send to"
          options={MESSAGE_RECIPIENTS.map((value) => ({ value, label: RECIPIENT_LABELS[value] }))}
          value={recipients}
          onChange={(event) => edited(setRecipients)(event.target.value as MessageRecipients)}
        />
      )}
      <SelectField
        label="Template"
        options={MESSAGE_TEMPLATE_IDS.map((value) => ({ value, label: MESSAGE_TEMPLATES[value].name }))}
        value={template}
        onChange={(event) => {
          const next = event.target.value as MessageTemplateId;
          edited(setTemplate)(next);
          setText(textOf(next));
        }}
      />
      <p className="form-field__hint">
        Placeholders filled for each tester: {MESSAGE_PLACEHOLDERS.map((name) => `{${name}}`).join(', ')}. Times are on the test site’s
        clock.
      </p>
      <TextField
        label={translated ? 'Subject (English)' : 'Subject'}
        maxLength={150}
        value={text.subject}
        onChange={(event) => edited(setText)({ ...text, subject: event.target.value })}
      />
      <TextAreaField
        label={translated ? 'Message (English)' : 'Message'}
        hint={translated ? undefined : 'Goes to everyone as written, whatever their language.'}
        rows={6}
        maxLength={5000}
        value={text.body}
        onChange={(event) => edited(setText)({ ...text, body: event.target.value })}
      />
      {translated && (
        <>
          <TextField
            label="Subject (Spanish)"
            lang="es"
            maxLength={150}
            value={text.spanishSubject}
            onChange={(event) => edited(setText)({ ...text, spanishSubject: event.target.value })}
          />
          <TextAreaField
            label="Message (Spanish)"
            hint="Testers whose language is Spanish get this text."
            lang="es"
            rows={6}
            maxLength={5000}
            value={text.spanishBody}
            onChange={(event) => edited(setText)({ ...text, spanishBody: event.target.value })}
          />
        </>
      )}
      {problem && (
        <p className="staff-problem" role="alert">
          {problem}
        </p>
      )}
      <div role="status" aria-live="polite">
        {shown && (
          <div data-testid="message-preview">
            <p>
              {people(shown.recipients)} will be told
              {shown.skipped > 0 ? `; ${people(shown.skipped)} with e-mail turned off will not` : ''}.
              {cancelling && ` ${cancelling.booked === 1 ? '1 booking' : `${cancelling.booked} bookings`} will be cancelled.`}
            </p>
            {shown.example && (
              <figure className="staff-card">
                <figcaption>
                  The e-mail to {shown.example.to} ({shown.example.language === 'es' ? 'Spanish' : 'English'}):
                </figcaption>
                <p>
                  <strong>{shown.example.subject}</strong>
                </p>
                <pre className="staff-message-preview" lang={shown.example.language}>
                  {shown.example.text}
                </pre>
              </figure>
            )}
          </div>
        )}
      </div>
      <div className="staff-actions">
        {shown && (shown.recipients > 0 || cancelling) ? (
          <button type="button" className="staff-button" disabled={pending} onClick={() => void confirm()}>
            {cancelling ? `Yes, cancel ${where} and tell ${people(shown.recipients)}` : `Send to ${people(shown.recipients)}`}
          </button>
        ) : (
          <button type="button" className="staff-button" disabled={pending} onClick={() => void showPreview()}>
            {cancelling ? 'Check who will be told' : 'Preview'}
          </button>
        )}
        <button type="button" className="staff-button staff-button--quiet" onClick={onClose}>
          {cancelling ? 'Keep the group' : 'Close'}
        </button>
      </div>
    </section>
  );
}
