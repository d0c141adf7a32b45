import { EVENT_TEXTS } from '@testerhub/shared/winners-schemas';
import { usePageTitle } from '../../hooks/use-page-title';
import { GoldCardDrawing } from './gold-card-drawing';
import { WheelPanel } from './wheel-panel';
import { WinnerLists } from './winner-lists';
import './winners.css';

interface TryYourLuckPageProps {
  /** The profile's blackList flag (the portal shell's tester info, handed in by app/): the wheel panel is hidden. */
  blackList: boolean;
}

/** /community/main/winners/try-your-luck: the weekly drawing, the wheel and the winners (spec 3; decision 037). */
export function TryYourLuckPage({ blackList }: TryYourLuckPageProps) {
  usePageTitle('Try your luck');
  return (
    <div className="winners-page">
      <h1 className="winners-page__title">Try your luck</h1>
      <div className="winners-page__panels">
        <section className="winners-panel" aria-labelledby="drawing-title">
          <h2 id="drawing-title">{EVENT_TEXTS.drawingTitle}</h2>
          <GoldCardDrawing />
        </section>
        {!blackList && (
          <section className="winners-panel" aria-labelledby="wheel-title" data-testid="wheel-panel">
            <h2 id="wheel-title">{EVENT_TEXTS.wheelTitle}</h2>
            <WheelPanel />
          </section>
        )}
      </div>
      <WinnerLists />
    </div>
  );
}
