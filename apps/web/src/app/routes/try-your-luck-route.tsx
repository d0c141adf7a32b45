import { useTesterInfo } from '../../features/portal-shell/api/get-tester-info';
import { TryYourLuckPage } from '../../features/winners/try-your-luck-page';

/** /community/main/winners/try-your-luck, with the shell's blackList flag, which hides the wheel (decision 037). */
export function TryYourLuckRoute() {
  const info = useTesterInfo();
  // Until the profile is known the wheel stays hidden: a blackListed tester never sees it flash.
  return <TryYourLuckPage blackList={info.data?.blackList ?? true} />;
}
