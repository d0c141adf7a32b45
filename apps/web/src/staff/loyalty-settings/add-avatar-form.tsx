import { useId, useState, type ChangeEvent, type FormEvent } from 'react';
import { bytesBase64, inspectAvatarImage } from '@testerhub/shared/avatar-image';
import { addAvatarSchema, AVATAR_IMAGE_LIMITS, AVATAR_SETTINGS_TEXTS, checkAvatarLevel } from '@testerhub/shared/avatar-settings-schemas';
import { TextField } from '../../components/form-field';
import { useAddAvatar } from '../api/avatars';
import { OutcomeLine, settleSave, type Outcome } from '../content/content-form-parts';
import { SubmitButton } from '../shell/staff-page-parts';

type Field = 'image' | 'requireLevel';

/** The chosen file as checked here: its base64 and a data: address for the preview (the page's CSP allows data: images, not blob:). */
interface Chosen {
  base64: string;
  preview: string;
  width: number;
}

const L = AVATAR_IMAGE_LIMITS;
const FILE_HINT = `PNG, JPEG or WebP, square, ${L.minSide} to ${L.maxSide} pixels a side, at most ${L.maxBytes / 1024} KB.`;

/**
 * Adds a picture (decision 068): the file is read and checked here with the server's own check
 * (its bytes, not its name or the browser's type), previewed, then sent with its level and
 * whether it starts hidden. After an add the form starts afresh and the list shows the picture.
 */
export function AddAvatarForm({ highestLevel }: { highestLevel: number }) {
  const [round, setRound] = useState(0);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const titleId = useId();
  return (
    <section className="avatar-add" aria-labelledby={titleId}>
      <h3 id={titleId}>Add a picture</h3>
      <OutcomeLine outcome={outcome} />
      <AddAvatarFields
        key={round}
        highestLevel={highestLevel}
        onOutcome={(next) => {
          setOutcome(next);
          if (next?.status === 'succeed') setRound((value) => value + 1);
        }}
      />
    </section>
  );
}

function AddAvatarFields({ highestLevel, onOutcome }: { highestLevel: number; onOutcome: (outcome: Outcome | null) => void }) {
  const add = useAddAvatar();
  const [chosen, setChosen] = useState<Chosen | null>(null);
  const [level, setLevel] = useState('1');
  const [hidden, setHidden] = useState(true);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    setChosen(null);
    if (!file) return;
    // Past the limit it is refused without reading it whole.
    const check = file.size > L.maxBytes ? { ok: false as const, message: AVATAR_SETTINGS_TEXTS.imageTooBig } : null;
    const bytes = check ? null : new Uint8Array(await file.arrayBuffer());
    const image = check ?? inspectAvatarImage(bytes!);
    if (!image.ok) {
      setErrors((current) => ({ ...current, image: image.message }));
      return;
    }
    const base64 = bytesBase64(bytes!);
    setErrors((current) => ({ ...current, image: undefined }));
    setChosen({ base64, preview: `data:${image.contentType};base64,${base64}`, width: image.width });
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    onOutcome(null);
    const requireLevel = checkAvatarLevel(level, highestLevel);
    const next: Partial<Record<Field, string>> = {
      image: errors.image ?? (chosen ? undefined : AVATAR_SETTINGS_TEXTS.imageMissing),
      requireLevel: requireLevel.error,
    };
    const parsed = addAvatarSchema.safeParse({ image: chosen?.base64, requireLevel: requireLevel.value, hidden });
    if (next.image || next.requireLevel || !parsed.success) {
      setErrors({ ...next, image: next.image ?? parsed.error?.issues[0]?.message });
      return;
    }
    setErrors({});
    await settleSave(
      () => add.mutateAsync(parsed.data),
      ['image', 'requireLevel'] as const,
      (field, message) => setErrors({ [field]: message }),
      onOutcome,
    );
  };

  return (
    <form className="staff-form" onSubmit={(event) => void submit(event)} noValidate aria-label="Add a picture" aria-busy={add.isPending}>
      <TextField
        label="Picture file"
        type="file"
        accept="image/png,image/jpeg,image/webp"
        hint={FILE_HINT}
        onChange={(event) => void choose(event)}
        error={errors.image ?? null}
      />
      {chosen && (
        <figure className="avatar-add__preview">
          <img className="avatar-item__image" src={chosen.preview} alt="The chosen picture" width={72} height={72} />
          <figcaption>Preview: {chosen.width} pixels a side, shown as testers see it.</figcaption>
        </figure>
      )}
      <TextField
        label="Unlocks at level"
        inputMode="numeric"
        hint={`1 to ${highestLevel}`}
        value={level}
        onChange={(event) => setLevel(event.target.value)}
        error={errors.requireLevel ?? null}
      />
      <label className="staff-check">
        <input type="checkbox" checked={hidden} onChange={(event) => setHidden(event.target.checked)} />
        Hidden from testers’ choice (show it later from its card)
      </label>
      <p>
        <SubmitButton pending={add.isPending} label="Add picture" pendingLabel="Adding…" />
      </p>
    </form>
  );
}
