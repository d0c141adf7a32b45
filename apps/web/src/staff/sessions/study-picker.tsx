import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { studyQuerySchema } from '@testerhub/shared/study-query';
import { TextField } from '../../components/form-field';
import { usePageTitle } from '../../hooks/use-page-title';
import { RequiresRole } from '../shell/staff-page-parts';

/** Opens a study's session groups or results by its number (the console's studies list links to them too). */
export function StudyPicker({ headingLevel: Heading = 'h2' }: { headingLevel?: 'h1' | 'h2' }) {
  const navigate = useNavigate();
  const [studyNo, setStudyNo] = useState('');
  const [error, setError] = useState<string | null>(null);
  const open = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const target = (event.nativeEvent as SubmitEvent).submitter?.getAttribute('value') === 'results' ? 'results' : 'sessions';
    const parsed = studyQuerySchema.safeParse({ studyNo: studyNo.trim() === '' ? undefined : studyNo.trim() });
    setError(parsed.success ? null : (parsed.error.issues[0]?.message ?? null));
    if (parsed.success) void navigate(`/staff/studies/${parsed.data.studyNo}/${target}`);
  };
  return (
    <section aria-labelledby="study-picker">
      <Heading id="study-picker">Study sessions and results</Heading>
      <p>Add and edit a study’s session groups, or read its screener results, waiting list and bookings and download them as CSV.</p>
      <form className="staff-form staff-filters" noValidate onSubmit={open} aria-label="Open a study">
        <TextField
          label="Study number"
          inputMode="numeric"
          autoComplete="off"
          value={studyNo}
          onChange={(event) => setStudyNo(event.target.value)}
          error={error}
        />
        <button type="submit" className="staff-button" name="open" value="sessions">
          Sessions
        </button>
        <button type="submit" className="staff-button staff-button--quiet" name="open" value="results">
          Results
        </button>
      </form>
    </section>
  );
}

/** /staff/sessions: the picker as a page of its own, the console navigation's entry for recruiters. */
export function StudyPickerPage() {
  usePageTitle('Study sessions');
  return (
    <RequiresRole role="recruiter">
      <StudyPicker headingLevel="h1" />
    </RequiresRole>
  );
}
