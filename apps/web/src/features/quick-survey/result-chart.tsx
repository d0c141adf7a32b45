import { BarChart } from '../../components/bar-chart';
import type { QuickResult } from '@testerhub/shared/quick-survey-schemas';
import { useQuickSurveyTexts } from './quick-survey-texts';

/** Each answer's count and its share of the question's answers, in whole percent. */
export function chartRows(result: QuickResult): { name: string; count: number; percent: number }[] {
  const total = result.answerCounts.reduce((sum, count) => sum + count, 0);
  return result.answerNames.map((name, index) => {
    const count = result.answerCounts[index] ?? 0;
    return { name, count, percent: total > 0 ? Math.round((count / total) * 100) : 0 };
  });
}

/** One question's answers as a bar chart (decision 019): each answer's count and share. */
export function ResultChart({ result }: { result: QuickResult }) {
  const t = useQuickSurveyTexts();
  return (
    <BarChart
      caption={result.questionName}
      labelHeader={t('chartAnswer')}
      valueHeader={t('chartTesters')}
      rows={chartRows(result).map((row, index) => ({
        key: `${index}-${row.name}`,
        label: row.name,
        value: row.count,
        text: <span data-testid="result-count">{`${row.count} (${row.percent}%)`}</span>,
      }))}
    />
  );
}
