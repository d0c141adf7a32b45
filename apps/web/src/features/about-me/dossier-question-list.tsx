import { useId } from 'react';
import { boxDisabled, isCheckboxSet, maxBoxes, minBoxes, type DossierChoices } from './about-me-rules';
import type { DossierQuestion, DossierQuestionSet } from '@testerhub/shared/about-me-schemas';
import { useAboutMeTexts, type AboutMeTranslate } from './about-me-texts';

interface DossierQuestionListProps {
  questions: readonly DossierQuestion[];
  choices: DossierChoices;
  onChoose: (set: DossierQuestionSet, answerID: number) => void;
}

/** A group's questions: each set a fieldset of checkboxes (C) or radio buttons (B, M). */
export function DossierQuestionList({ questions, choices, onChoose }: DossierQuestionListProps) {
  return (
    <ol className="about-me__questions">
      {questions.map((question) => (
        <li key={question.questionID} className="about-me__question">
          {question.questionText && <h3 className="about-me__question-text">{question.questionText}</h3>}
          {question.questionSets.map((set) => (
            <QuestionSet key={set.questionID} set={set} chosen={choices[set.questionID] ?? []} choices={choices} onChoose={onChoose} />
          ))}
        </li>
      ))}
    </ol>
  );
}

/** The rule a checkbox set shows: how many boxes it takes. */
export function checkboxHint(set: DossierQuestionSet, t: AboutMeTranslate): string {
  const min = minBoxes(set);
  const max = maxBoxes(set);
  if (min === max) return t('chooseExactly', { min });
  if (max >= set.dossierAnswers.length) return t('chooseAtLeast', { min });
  return t('chooseBetween', { min, max });
}

interface QuestionSetProps {
  set: DossierQuestionSet;
  chosen: readonly number[];
  choices: DossierChoices;
  onChoose: (set: DossierQuestionSet, answerID: number) => void;
}

function QuestionSet({ set, chosen, choices, onChoose }: QuestionSetProps) {
  const t = useAboutMeTexts();
  const hintId = useId();
  const checkbox = isCheckboxSet(set);
  const belowMin = checkbox && chosen.length > 0 && chosen.length < minBoxes(set);
  return (
    <fieldset className="about-me__set" aria-describedby={checkbox ? hintId : undefined}>
      <legend className="about-me__legend">{set.questionText}</legend>
      {checkbox && (
        <p id={hintId} className={belowMin ? 'about-me__hint about-me__hint--short' : 'about-me__hint'}>
          {checkboxHint(set, t)} <span aria-live="polite">{t('chosenCount', { count: chosen.length, max: maxBoxes(set) })}</span>
        </p>
      )}
      {set.dossierAnswers.map((answer) => (
        <label key={answer.answerID} className="about-me__option">
          <input
            type={checkbox ? 'checkbox' : 'radio'}
            name={`dossier-set-${set.questionID}`}
            value={answer.answerID}
            checked={chosen.includes(answer.answerID)}
            disabled={boxDisabled(choices, set, answer.answerID)}
            onChange={() => onChoose(set, answer.answerID)}
          />
          <span>{answer.answerText}</span>
        </label>
      ))}
    </fieldset>
  );
}
