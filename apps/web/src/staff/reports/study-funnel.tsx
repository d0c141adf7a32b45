import { BarChart } from '../../components/bar-chart';
import { useStudyFunnel } from '../api/reports';
import { LoadFailed } from '../shell/staff-page-parts';

/**
 * A study's recruiting funnel (decision 122): the people at each stage, as the portal's bar chart,
 * a table underneath, so every figure is read out as text. Each stage's share is of those invited.
 */
export function StudyFunnel({ studyNo }: { studyNo: number }) {
  const funnel = useStudyFunnel(studyNo);
  return (
    <section aria-labelledby="recruiting-funnel">
      <h2 id="recruiting-funnel">Recruiting funnel</h2>
      {funnel.isPending && <p aria-busy="true">Loading the funnel…</p>}
      {funnel.isError && <LoadFailed error={funnel.error} onRetry={() => void funnel.refetch()} />}
      {funnel.data && (
        <BarChart
          caption="People at each stage"
          labelHeader="Stage"
          valueHeader="People"
          testId="study-funnel"
          rows={funnel.data.stages.map((stage) => ({
            key: stage.stage,
            label: stage.label,
            value: stage.count,
            text: stage.count.toLocaleString('en-US'),
          }))}
        />
      )}
    </section>
  );
}
