import { usePageTitle } from '../../hooks/use-page-title';
import { GoldCardDrawing } from './gold-card-drawing';
import { WheelPanel } from './wheel-panel';
import { WinnerLists } from './winner-lists';
import { useWinnersTexts } from './winners-texts';
import './winners.css';

interface TryYourLuckPageProps {
  /** The profile's blackList flag (the portal shell's tester info, handed in by app/): the wheel panel is hidden. */
  blackList: boolean;
}

/** /community/main/winners/try-your-luck: the weekly drawing, the wheel and the winners (spec 3; decision 037). */
export function TryYourLuckPage({ blackList }: TryYourLuckPageProps) {
  const t = useWinnersTexts();
  usePageTitle(t('pageTitle'));
  return (
    <div className="winners-page">
      <h1 className="winners-page__title">{t('pageTitle')}</h1>
      <div className="winners-page__panels">
        <section className="winners-panel" aria-labelledby="drawing-title">
          <h2 id="drawing-title">{t('drawingTitle')}</h2>
          <GoldCardDrawing />
        </section>
        {!blackList && (
          <section className="winners-panel" aria-labelledby="wheel-title" data-testid="wheel-panel">
            <h2 id="wheel-title">{t('wheelTitle')}</h2>
            <WheelPanel />
          </section>
        )}
      </div>
      <WinnerLists />
    </div>
  );
}
