import { useState } from 'react';
import { useNavigate } from 'react-router';
import { deleteAccountSchema, PRIVACY_TEXTS, type DeleteAccountPayload } from '@testerhub/shared/privacy-schemas';
import { ModalDialog } from '../../components/modal-dialog';
import { TextField } from '../../components/form-field';
import { usePageTitle } from '../../hooks/use-page-title';
import { ApiRequestError } from '../../lib/api';
import { shownFailure } from '../../lib/query-status';
import { useSchemaForm } from '../../lib/use-schema-form';
import { useDeleteMyAccount } from './api/delete-my-account';
import { useExportMyData } from './api/export-my-data';
import { ACCOUNT_DELETED_PATH } from './account-deleted-page';
import './privacy.css';

const EMPTY: DeleteAccountPayload = { password: '' };

/** What a deletion removes, said on the page and again in the confirmation. */
const DELETED_ITEMS = [
  'your account, profile and contact details, and your login',
  'your children’s registrations, their answers and their bookings',
  'your coins, experience, perks, orders and rewards history',
  'your bookings and waiting-list places (the seats go to other testers)',
  'your answers to screeners, About-me questions and quick surveys',
  'the e-mails we sent you, and your referrals',
];

function failureText(error: unknown, fallback: string): string {
  return error instanceof ApiRequestError && error.status === 429 ? error.message : fallback;
}

/**
 * /community/main/account/privacy (decision 040): download everything we hold about the tester as
 * one JSON file, and delete the account with the password re-typed and a confirmation that says
 * what goes and that it cannot be undone.
 */
export function PrivacyPage() {
  usePageTitle('Your data');
  const navigate = useNavigate();
  const download = useExportMyData();
  const { field, handleSubmit, setError, getValues } = useSchemaForm(deleteAccountSchema, { defaultValues: EMPTY });
  const [confirming, setConfirming] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const remove = useDeleteMyAccount({ onDeleted: () => void navigate(ACCOUNT_DELETED_PATH, { replace: true }) });

  const askToConfirm = handleSubmit(() => {
    setFailure(null);
    setConfirming(true);
  });

  const deleteForGood = () => {
    remove.mutate(
      { password: getValues('password') },
      {
        onSuccess: (answer) => {
          if (answer.status === 'succeed') return;
          setConfirming(false);
          setError('password', { message: PRIVACY_TEXTS.wrongPassword }, { shouldFocus: true });
        },
        onError: (error) => {
          setConfirming(false);
          if (shownFailure(error)) setFailure(failureText(error, PRIVACY_TEXTS.deleteFailed));
        },
      },
    );
  };

  return (
    <section className="privacy" aria-labelledby="privacy-title">
      <h1 id="privacy-title" className="privacy__title">
        Your data
      </h1>

      <section className="privacy__part" aria-labelledby="privacy-download-title">
        <h2 id="privacy-download-title">Download my data</h2>
        <p>
          One file (JSON) with everything we hold about you and your children: your profile and contact choices, your answers, bookings,
          coins and orders, referrals, visits and the e-mails we sent you. Passwords and security codes are never included.
        </p>
        <button
          type="button"
          className="button button--primary"
          onClick={() => download.mutate()}
          disabled={download.isPending}
          aria-busy={download.isPending}
        >
          {download.isPending ? 'Preparing your file…' : 'Download my data'}
        </button>
        {download.isSuccess && (
          <p className="privacy__note" role="status">
            Your file {download.data.fileName} has been downloaded.
          </p>
        )}
        {shownFailure(download.error) && (
          <p className="privacy__error" role="alert">
            {failureText(download.error, PRIVACY_TEXTS.exportFailed)}
          </p>
        )}
      </section>

      <section className="privacy__part privacy__part--danger" aria-labelledby="privacy-delete-title">
        <h2 id="privacy-delete-title">Delete my account</h2>
        <p>Deleting your account removes, for good:</p>
        <ul>
          {DELETED_ITEMS.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
        <p>Unspent coins are lost. You may want to download your data first.</p>
        <form className="privacy__form" noValidate onSubmit={(event) => void askToConfirm(event)} aria-busy={remove.isPending}>
          <TextField
            label="Your password"
            type="password"
            autoComplete="current-password"
            maxLength={200}
            {...field('password')}
            required
          />
          <div className="privacy__actions">
            <button type="submit" className="button privacy__delete" disabled={remove.isPending}>
              Delete my account
            </button>
          </div>
        </form>
        {failure && (
          <p className="privacy__error" role="alert">
            {failure}
          </p>
        )}
      </section>

      {confirming && (
        <ModalDialog
          title="Delete your account?"
          tone="error"
          closeLabel="Keep my account"
          onClose={() => {
            if (!remove.isPending) setConfirming(false);
          }}
          actions={
            <button
              type="button"
              className="button privacy__delete"
              onClick={deleteForGood}
              disabled={remove.isPending}
              aria-busy={remove.isPending}
            >
              {remove.isPending ? 'Deleting…' : 'Yes, delete everything'}
            </button>
          }
        >
          <p>This deletes your account and everything in it:</p>
          <ul>
            <li>your account and login</li>
            <li>your children’s data</li>
            <li>your coins</li>
            <li>your bookings</li>
          </ul>
          <p>
            <strong>This cannot be undone.</strong>
          </p>
        </ModalDialog>
      )}
    </section>
  );
}
