import { ScreenerPage } from '../../features/screeners/screener-page';
import { childPopup } from './child-popup-slot';

/** /community/main/screener: the screener list with the child popup for kid studies and teens. */
export function ScreenerRoute() {
  return <ScreenerPage childPopup={childPopup} />;
}
