import { useState } from 'react';
import { useNavigate } from 'react-router';
import { deleteAccountSchema, type DeleteAccountPayload } from '@testerhub/shared/privacy-schemas';
import { ModalDialog } from '../../components/modal-dialog';
import { TextField } from '../../components/form-field';
import { usePageTitle } from '../../hooks/use-page-title';
import { ApiRequestError } from '../../lib/api';
import { shownFailure } from '../../lib/query-status';
import { useSchemaForm } from '../../lib/use-schema-form';
import { useDeleteMyAccount } from './api/delete-my-account';
import { useExportMyData } from './api/export-my-data';
import { ACCOUNT_DELETED_PATH } from './account-deleted-page';
import { usePrivacyTexts } from './privacy-texts';
import './privacy.css';

const EMPTY: DeleteAccountPayload = { password: '' };

/** What a deletion removes, said on the page and again in the confirmation. */
const DELETED_ITEMS = ['item1', 'item2', 'item3', 'item4', 'item5', 'item6'] as const;
/** The confirmation's shorter list. */
const CONFIRM_ITEMS = ['confirm1', 'confirm2', 'confirm3', 'confirm4'] as const;

function failureText(error: unknown, fallback: string): string {
  return error instanceof ApiRequestError && error.status === 429 ? error.message : fallback;
}

/**
 * /community/main/account/privacy (decision 040): download everything we hold about the tester as
 * one JSON file, and delete the account with the password re-typed and a confirmation that says
 * what goes and that it cannot be undone.
 */
export function PrivacyPage() {
  const t = usePrivacyTexts();
  usePageTitle(t('title'));
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
          setError('password', { message: t('wrongPassword') }, { shouldFocus: true });
        },
        onError: (error) => {
          setConfirming(false);
          if (shownFailure(error)) setFailure(failureText(error, t('deleteFailed')));
        },
      },
    );
  };

  return (
    <section className="privacy" aria-labelledby="privacy-title">
      <h1 id="privacy-title" className="privacy__title">
        {t('title')}
      </h1>

      <section className="privacy__part" aria-labelledby="privacy-download-title">
        <h2 id="privacy-download-title">{t('downloadTitle')}</h2>
        <p>{t('downloadNote')}</p>
        <button
          type="button"
          className="button button--primary"
          onClick={() => download.mutate()}
          disabled={download.isPending}
          aria-busy={download.isPending}
        >
          {download.isPending ? t('preparing') : t('download')}
        </button>
        {download.isSuccess && (
          <p className="privacy__note" role="status">
            {t('downloaded', { fileName: download.data.fileName })}
          </p>
        )}
        {shownFailure(download.error) && (
          <p className="privacy__error" role="alert">
            {failureText(download.error, t('exportFailed'))}
          </p>
        )}
      </section>

      <section className="privacy__part privacy__part--danger" aria-labelledby="privacy-delete-title">
        <h2 id="privacy-delete-title">{t('deleteTitle')}</h2>
        <p>{t('removes')}</p>
        <ul>
          {DELETED_ITEMS.map((item) => (
            <li key={item}>{t(item)}</li>
          ))}
        </ul>
        <p>{t('coinsLost')}</p>
        <form className="privacy__form" noValidate onSubmit={(event) => void askToConfirm(event)} aria-busy={remove.isPending}>
          <TextField
            label={t('password')}
            type="password"
            autoComplete="current-password"
            maxLength={200}
            {...field('password')}
            required
          />
          <div className="privacy__actions">
            <button type="submit" className="button privacy__delete" disabled={remove.isPending}>
              {t('deleteButton')}
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
          title={t('confirmTitle')}
          tone="error"
          closeLabel={t('keep')}
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
              {remove.isPending ? t('deleting') : t('confirmDelete')}
            </button>
          }
        >
          <p>{t('confirmIntro')}</p>
          <ul>
            {CONFIRM_ITEMS.map((item) => (
              <li key={item}>{t(item)}</li>
            ))}
          </ul>
          <p>
            <strong>{t('cannotUndo')}</strong>
          </p>
        </ModalDialog>
      )}
    </section>
  );
}
