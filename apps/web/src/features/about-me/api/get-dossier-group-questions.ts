import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api';
import { aboutMeKeys } from './query-keys';

export interface DossierAnswerOption {
  answerID: number;
  answerText: string;
}

/** A question set: C is a checkbox set, B and M are radio sets (spec 2, section 3). Answers refer to its questionID. */
export interface DossierQuestionSet {
  questionID: number;
  questionType: 'C' | 'B' | 'M';
  minChecked: number;
  maxChecked: number;
  active: boolean;
  questionText: string;
  dossierAnswers: DossierAnswerOption[];
}

export interface DossierQuestion {
  questionID: number;
  questionText: string;
  questionSets: DossierQuestionSet[];
}

export interface DossierQuestionsAnswer {
  status: string;
  questions?: DossierQuestion[];
}

/** POST /api/dossier/GetDossierGroupQuestions with the page id as a bare JSON number. */
export function fetchDossierGroupQuestions(pageID: number): Promise<DossierQuestionsAnswer> {
  return apiPost<DossierQuestionsAnswer>('/dossier/GetDossierGroupQuestions', pageID);
}

export function dossierGroupQuestionsQueryOptions(pageID: number) {
  return queryOptions({ queryKey: aboutMeKeys.questions(pageID), queryFn: () => fetchDossierGroupQuestions(pageID) });
}

/** The questions of the chosen page; nothing is asked until a page is chosen. */
export function useDossierGroupQuestions(pageID: number | null) {
  return useQuery({ ...dossierGroupQuestionsQueryOptions(pageID ?? 0), enabled: pageID !== null });
}
