import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api';
import { quickSurveyKeys } from './query-keys';

/** A choice of a question; checkbox questions also get Other ('OTHER', score 0) and None of the above ('NONE', score -1). */
export interface QuickScale {
  scaleIndex: number;
  scaleText: string;
  score: number;
  valueKey: string;
  imageID: number | null;
  checked: boolean;
}

export interface QuickQuestion {
  jobID: number;
  questionIndex: number;
  qText: string;
  styleTypeStyle: 'checkbox' | 'radio' | 'textbox';
  questionScales: QuickScale[];
}

export interface QuickQuestionsAnswer {
  status: string;
  message?: string;
  customQuestionInfo?: QuickQuestion[];
}

/** POST /api/quickQuestion/GetQuestions with the jobID as a bare JSON number. */
export function fetchQuickQuestions(jobID: number): Promise<QuickQuestionsAnswer> {
  return apiPost<QuickQuestionsAnswer>('/quickQuestion/GetQuestions', jobID);
}

export function quickQuestionsQueryOptions(jobID: number) {
  return queryOptions({ queryKey: quickSurveyKeys.questions(jobID), queryFn: () => fetchQuickQuestions(jobID) });
}

export function useQuickQuestions(jobID: number) {
  return useQuery(quickQuestionsQueryOptions(jobID));
}
