import { useState, type FormEvent } from 'react';
import { checkAvatarLevel, saveAvatarSchema, type StaffAvatar } from '@testerhub/shared/avatar-settings-schemas';
import { TextField } from '../../components/form-field';
import { useSaveAvatar, useStaffAvatars } from '../api/avatars';
import { OutcomeLine, settleSave, type Outcome } from '../content/content-form-parts';
import { SubmitButton } from '../shell/staff-page-parts';
import { AddAvatarForm } from './add-avatar-form';
import { Section } from './loyalty-section';
import './avatars-section.css';

/**
 * The profile pictures (issue 12 section 6; decision 068): each picture with the level it unlocks
 * at and whether testers are offered it, saved one at a time against the version it was read at;
 * below them, the form that adds a picture (PNG, JPEG or WebP).
 */
export function AvatarsSection() {
  const avatars = useStaffAvatars();
  return (
    <Section
      id="avatars"
      title="Avatars"
      intro="The profile pictures testers choose from, each from a level on. A hidden picture is no longer offered; testers who already wear it keep it, as they do when its level rises above theirs."
      query={avatars}
    >
      {avatars.data &&
        (avatars.data.avatars.length === 0 ? (
          <p>There are no profile pictures yet.</p>
        ) : (
          <ul className="avatar-list">
            {avatars.data.avatars.map((avatar) => (
              <AvatarItem key={avatar.imageId} avatar={avatar} highestLevel={avatars.data.highestLevel} />
            ))}
          </ul>
        ))}
      {avatars.data && <AddAvatarForm highestLevel={avatars.data.highestLevel} />}
    </Section>
  );
}

/** One picture: its card and outcome, which outlive the form (the form starts afresh from each stored version). */
function AvatarItem({ avatar, highestLevel }: { avatar: StaffAvatar; highestLevel: number }) {
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const titleId = `avatar-${avatar.imageId}`;
  return (
    <li className="avatar-item">
      <article aria-labelledby={titleId}>
        <img className="avatar-item__image" src={avatar.imageSrc} alt="" width={72} height={72} />
        <h3 id={titleId}>{avatar.fileName}</h3>
        <p className="avatar-item__facts">
          {avatar.hidden ? 'Hidden' : 'Offered'} · worn by {avatar.wornBy} {avatar.wornBy === 1 ? 'tester' : 'testers'}
        </p>
        <OutcomeLine outcome={outcome} />
        {/* Keyed by version: after a save (or a refused stale one) the form starts from what is stored. */}
        <AvatarForm key={avatar.version} avatar={avatar} highestLevel={highestLevel} idPrefix={titleId} onOutcome={setOutcome} />
      </article>
    </li>
  );
}

function AvatarForm({
  avatar,
  highestLevel,
  idPrefix,
  onOutcome,
}: {
  avatar: StaffAvatar;
  highestLevel: number;
  idPrefix: string;
  onOutcome: (outcome: Outcome | null) => void;
}) {
  const save = useSaveAvatar();
  const [level, setLevel] = useState(String(avatar.requireLevel));
  const [hidden, setHidden] = useState(avatar.hidden);
  const [errors, setErrors] = useState<{ requireLevel?: string; hidden?: string }>({});

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    onOutcome(null);
    const requireLevel = checkAvatarLevel(level, highestLevel);
    const parsed = saveAvatarSchema.safeParse({
      imageId: avatar.imageId,
      version: avatar.version,
      requireLevel: requireLevel.value,
      hidden,
    });
    if (requireLevel.error || !parsed.success) {
      setErrors({ requireLevel: requireLevel.error ?? parsed.error?.issues[0]?.message });
      return;
    }
    setErrors({});
    await settleSave(
      () => save.mutateAsync(parsed.data),
      ['requireLevel', 'hidden'] as const,
      (field, message) => setErrors({ [field]: message }),
      onOutcome,
    );
  };

  return (
    <form className="staff-form" onSubmit={(event) => void submit(event)} noValidate aria-label={`Picture ${avatar.fileName}`}>
      <TextField
        label="Unlocks at level"
        inputMode="numeric"
        hint={`1 to ${highestLevel}`}
        value={level}
        onChange={(event) => setLevel(event.target.value)}
        error={errors.requireLevel ?? null}
      />
      <label className="staff-check">
        <input
          type="checkbox"
          checked={hidden}
          aria-invalid={errors.hidden ? true : undefined}
          aria-describedby={errors.hidden ? `${idPrefix}-hidden-error` : undefined}
          onChange={(event) => setHidden(event.target.checked)}
        />
        Hidden from testers’ choice
      </label>
      {errors.hidden && (
        <p id={`${idPrefix}-hidden-error`} className="staff-problem" role="alert">
          {errors.hidden}
        </p>
      )}
      <p>
        <SubmitButton pending={save.isPending} label={`Save ${avatar.fileName}`} />
      </p>
    </form>
  );
}
