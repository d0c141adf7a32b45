import { useState } from 'react';
import { MessagePopup } from '../../components/message-popup';
import { ModalDialog } from '../../components/modal-dialog';
import { shownFailure } from '../../lib/query-status';
import { useProfilePics } from './api/get-profile-pic';
import { useSaveProfilePic } from './api/save-profile-pic';
import { usePerksTexts } from './perks-texts';
import './perks.css';

interface AvatarPopupProps {
  /** The tester's level and picture (the shell's tester info, handed in by app/). */
  level: number;
  fileName: string;
  onClose: () => void;
  /** Reloads the shell's avatar after a change. */
  refreshProfile: () => void;
}

/**
 * My Profile's picture choice (spec 3, "Avatar"; popup showProfile): the pictures grouped by the
 * level they need; one above the tester's level cannot be chosen. Save; a failure says
 * 'Failed to change profile pic. Please retry again'.
 */
export function AvatarPopup({ level, fileName, onClose, refreshProfile }: AvatarPopupProps) {
  const t = usePerksTexts();
  const pictures = useProfilePics();
  const save = useSaveProfilePic();
  const [chosen, setChosen] = useState<number | null>(null);
  const [failed, setFailed] = useState(false);

  if (failed) return <MessagePopup data={t('avatarFailed')} onClose={() => setFailed(false)} />;
  const byLevel = new Map<number, NonNullable<typeof pictures.data>>();
  for (const picture of pictures.data ?? []) byLevel.set(picture.requireLevel, [...(byLevel.get(picture.requireLevel) ?? []), picture]);
  const selected = chosen ?? pictures.data?.find((picture) => picture.fileName === fileName)?.imageID ?? null;

  const onSave = () => {
    if (chosen === null) return;
    save.mutate(chosen, {
      onSuccess: (answer) => {
        if (answer.status !== 'succeed') return setFailed(true);
        refreshProfile();
        onClose();
      },
      onError: (error) => shownFailure(error) && setFailed(true),
    });
  };

  return (
    <ModalDialog
      title={t('profileTitle')}
      onClose={onClose}
      closeLabel={t('cancel')}
      actions={
        <button type="button" className="button button--primary" disabled={chosen === null || save.isPending} onClick={onSave}>
          {t('save')}
        </button>
      }
    >
      <p>{t('pictureIntro', { level })}</p>
      {pictures.isPending && <p role="status">{t('loadingPictures')}</p>}
      {pictures.isError && shownFailure(pictures.error) && <p role="alert">{t('picturesFailed')}</p>}
      {[...byLevel.entries()].map(([requireLevel, group]) => (
        <fieldset key={requireLevel} className="avatar-group">
          <legend>{t('levelGroup', { n: requireLevel })}</legend>
          {group.map((picture) => {
            const locked = picture.requireLevel > level;
            return (
              <label key={picture.imageID} className={`avatar-group__choice${locked ? ' avatar-group__choice--locked' : ''}`}>
                <input
                  type="radio"
                  name="avatar"
                  value={picture.imageID}
                  checked={selected === picture.imageID}
                  disabled={locked}
                  onChange={() => setChosen(picture.imageID)}
                />
                <img src={picture.imageSrc} alt="" width={48} height={48} />
                <span className="visually-hidden">
                  {t('picture', { name: picture.fileName.replace(/\.\w+$/, '') })}
                  {locked ? t('pictureNeeds', { n: picture.requireLevel }) : ''}
                </span>
              </label>
            );
          })}
        </fieldset>
      ))}
    </ModalDialog>
  );
}
